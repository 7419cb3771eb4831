import { Button, Form, Result } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { safeReturnTo } from '../../../lib/return-to';
import { completeLogin } from '../api/login';
import { bindPhone, clearBindTicket, readBindTicket } from '../api/wechat';
import styles from './auth-forms.module.css';
import { PhoneCodeFields } from './phone-code-fields';

interface Values {
  phone: string;
  code: string;
}

/**
 * /bindingPhone after a WeChat scan by an account without a phone: phone + code, then signed in
 * and on to the page the sign-in started from (`redirect`, same-site paths only), else /home
 * (docs/product/accounts.md).
 */
export function BindPhoneForm() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [search] = useSearchParams();
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
      await bindPhone({ ...values, ticket });
      clearBindTicket();
      await completeLogin({ openPopup: true });
      navigate(safeReturnTo(search.get('redirect')), { replace: true });
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
      <PhoneCodeFields
        form={form}
        purpose="BIND_PHONE"
        phonePrompt="请输入手机号码"
        phoneInvalid="手机号码格式错误"
      />
      <Button type="primary" htmlType="submit" block size="large" loading={isBusy}>
        绑定并登录
      </Button>
    </Form>
  );
}
