import { Button, Form } from 'antd';
import { completeLogin, loginWithSmsCode } from '../api/login';
import { LOGIN_LABELS, useSubmitStatus, SUBMIT_STATUS } from '../submit-status';
import { AgreementCheckbox, SubmitOrAgree, useAgreement } from './agreement';
import { PhoneCodeFields } from './phone-code-fields';

interface Values {
  phone: string;
  code: string;
}

/** 手机验证码登录 (docs/product/accounts.md): phone, code with the 60 s resend button, agreement. */
export function SmsLoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [form] = Form.useForm<Values>();
  const agreement = useAgreement();
  const { status, run } = useSubmitStatus();

  const handleFinish = (values: Values) =>
    run(async () => {
      await loginWithSmsCode(values);
      await completeLogin({ openPopup: true });
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
      <PhoneCodeFields
        form={form}
        purpose="LOGIN"
        phonePrompt="请输入手机号"
        phoneInvalid="请输入正确手机号"
      />
      <AgreementCheckbox agreement={agreement} />
      {status === SUBMIT_STATUS.IDLE ? (
        <SubmitOrAgree agreement={agreement} label={LOGIN_LABELS[1]} />
      ) : (
        <Button type="primary" block size="large" loading={status === SUBMIT_STATUS.BUSY}>
          {LOGIN_LABELS[status]}
        </Button>
      )}
    </Form>
  );
}
