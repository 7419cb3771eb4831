import { Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SmsCodeButton } from '../../../components/sms-code-button';
import { paths } from '../../../config/paths';
import { CODE_RULES, digitsOnly, phoneRules } from '../../../lib/form-rules';
import { completeLogin } from '../api/login';
import { bindPhone, clearBindTicket, readBindTicket } from '../api/wechat';
import styles from './auth-forms.module.css';

interface Values {
  phone: string;
  code: string;
}

/**
 * /bindingPhone after a WeChat scan by an account without a phone: phone + code, then signed in
 * and on to /home (spec 2 §7 bind phone).
 */
export function BindPhoneForm() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [ticket] = useState(readBindTicket);
  const [isBusy, setIsBusy] = useState(false);

  if (!ticket) {
    return (
      <Result
        status="info"
        title="请先使用微信扫码登录"
        extra={
          <Button type="primary" onClick={() => navigate(paths.login.getHref({}))}>
            去登录
          </Button>
        }
      />
    );
  }

  const handleFinish = async (values: Values) => {
    if (isBusy) return;
    setIsBusy(true);
    try {
      const { access_token } = await bindPhone({ ...values, ticket });
      clearBindTicket();
      await completeLogin(access_token, { openPopup: true });
      navigate(paths.home.getHref(), { replace: true });
    } catch {
      setIsBusy(false);
    }
  };

  return (
    <Form
      form={form}
      name="bind-phone"
      layout="vertical"
      validateTrigger={['onBlur', 'onSubmit']}
      onFinish={handleFinish}
      requiredMark={false}
    >
      <p className={styles.notice}>您的微信尚未绑定手机号，请绑定后继续使用。</p>
      <Form.Item
        name="phone"
        rules={phoneRules('请输入手机号码', '手机号码格式错误')}
        getValueFromEvent={digitsOnly(11)}
      >
        <Input size="large" placeholder="请输入手机号码" maxLength={11} autoComplete="tel" />
      </Form.Item>
      <div className={styles.codeRow}>
        <Form.Item name="code" rules={CODE_RULES} getValueFromEvent={digitsOnly(6)}>
          <Input
            size="large"
            placeholder="请输入验证码"
            maxLength={6}
            autoComplete="one-time-code"
          />
        </Form.Item>
        <SmsCodeButton form={form} phoneField="phone" purpose="BIND_PHONE" />
      </div>
      <Button type="primary" htmlType="submit" block size="large" loading={isBusy}>
        绑定并登录
      </Button>
    </Form>
  );
}
