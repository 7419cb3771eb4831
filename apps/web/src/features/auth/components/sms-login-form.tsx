import { Button, Form, Input } from 'antd';
import { SmsCodeButton } from '../../../components/sms-code-button';
import { CODE_RULES, digitsOnly, phoneRules } from '../../../lib/form-rules';
import { completeLogin, loginWithSmsCode } from '../api/login';
import { LOGIN_LABELS, useSubmitStatus } from '../submit-status';
import { AgreementCheckbox, SubmitOrAgree, useAgreement } from './agreement';
import styles from './auth-forms.module.css';

interface Values {
  phone: string;
  code: string;
}

/** 手机验证码登录 (spec 1 §2): phone, code with the 60 s resend button, agreement. */
export function SmsLoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [form] = Form.useForm<Values>();
  const agreement = useAgreement();
  const { status, run } = useSubmitStatus();

  const handleFinish = (values: Values) =>
    run(async () => {
      const { access_token } = await loginWithSmsCode(values);
      await completeLogin(access_token, { openPopup: true });
      onSuccess();
    });

  return (
    <Form
      form={form}
      name="sms-login"
      layout="vertical"
      validateTrigger={['onBlur', 'onSubmit']}
      onFinish={handleFinish}
      requiredMark={false}
    >
      <Form.Item
        name="phone"
        rules={phoneRules('请输入手机号', '请输入正确手机号')}
        getValueFromEvent={digitsOnly(11)}
      >
        <Input size="large" placeholder="请输入手机号" maxLength={11} autoComplete="tel" />
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
        <SmsCodeButton form={form} phoneField="phone" purpose="LOGIN" />
      </div>
      <AgreementCheckbox agreement={agreement} />
      {status === 1 ? (
        <SubmitOrAgree agreement={agreement} label={LOGIN_LABELS[1]} />
      ) : (
        <Button type="primary" block size="large" loading={status === 2}>
          {LOGIN_LABELS[status]}
        </Button>
      )}
    </Form>
  );
}
