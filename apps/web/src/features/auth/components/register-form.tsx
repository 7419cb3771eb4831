import { Button, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { REGISTER_PASSWORD_RULES, withoutChinese } from '../../../lib/form-rules';
import { completeLogin } from '../api/login';
import { registerAccount } from '../api/register';
import { REGISTER_LABELS, useSubmitStatus, SUBMIT_STATUS } from '../submit-status';
import { AgreementCheckbox, SubmitOrAgree, useAgreement } from './agreement';
import styles from './auth-forms.module.css';
import { PhoneCodeFields } from './phone-code-fields';

interface Values {
  phone: string;
  code: string;
  password: string;
}

/** 新用户注册: phone, SMS code, password, agreement; 注册并登录 (docs/product/accounts.md). */
export function RegisterForm() {
  const [form] = Form.useForm<Values>();
  const agreement = useAgreement();
  const navigate = useNavigate();
  const { status, run } = useSubmitStatus();

  const handleFinish = (values: Values) =>
    run(async () => {
      await registerAccount(values);
      await completeLogin({ openPopup: false });
      navigate(paths.home.getHref(), { replace: true });
    });

  return (
    <Form
      form={form}
      name="register"
      layout="vertical"
      validateTrigger={['onBlur', 'onSubmit']}
      onFinish={handleFinish}
      requiredMark={false}
    >
      <PhoneCodeFields
        form={form}
        purpose="REGISTER"
        phonePrompt="请输入手机号"
        phoneInvalid="请输入正确的手机号"
      />
      <Form.Item
        name="password"
        rules={REGISTER_PASSWORD_RULES}
        getValueFromEvent={withoutChinese}
        extra="8-20位，须包含大写字母、小写字母和数字"
      >
        <Input.Password
          size="large"
          aria-label="登录密码"
          placeholder="请设置登录密码"
          maxLength={20}
          autoComplete="new-password"
        />
      </Form.Item>
      <AgreementCheckbox agreement={agreement} />
      {status === SUBMIT_STATUS.IDLE ? (
        <SubmitOrAgree agreement={agreement} label={REGISTER_LABELS[1]} />
      ) : (
        <Button type="primary" block size="large" loading={status === SUBMIT_STATUS.BUSY}>
          {REGISTER_LABELS[status]}
        </Button>
      )}
      <div className={styles.links}>
        <span />
        <Link to={paths.login.getHref({})}>已有账号？去登录</Link>
      </div>
    </Form>
  );
}
