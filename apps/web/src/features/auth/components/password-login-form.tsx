import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { digitsOnly, phoneRules } from '../../../lib/form-rules';
import { completeLogin, loginWithPassword } from '../api/login';
import { getRememberedAccount, rememberAccount } from '../remember';
import { LOGIN_LABELS, useSubmitStatus } from '../submit-status';
import { AgreementCheckbox, SubmitOrAgree, useAgreement } from './agreement';
import styles from './auth-forms.module.css';

interface PasswordLoginFormProps {
  /** Phone messages: the dialog and the page word them differently (spec 1 §5). */
  phoneEmpty: string;
  phoneBad: string;
  onSuccess: () => void;
}

interface Values {
  account: string;
  password: string;
}

/** 账号密码登录 with 记住密码 (DECISIONS #4: only the account is remembered). */
export function PasswordLoginForm({ phoneEmpty, phoneBad, onSuccess }: PasswordLoginFormProps) {
  const [form] = Form.useForm<Values>();
  const agreement = useAgreement();
  const [remember, setRemember] = useState(() => Boolean(getRememberedAccount()));
  const { status, run } = useSubmitStatus();

  const handleFinish = (values: Values) =>
    run(async () => {
      const { access_token } = await loginWithPassword({ ...values, remember });
      rememberAccount(values.account, remember);
      await completeLogin(access_token, { openPopup: true });
      onSuccess();
    });

  return (
    <Form
      form={form}
      name="password-login"
      layout="vertical"
      validateTrigger={['onBlur', 'onSubmit']}
      initialValues={{ account: getRememberedAccount(), password: '' }}
      onFinish={handleFinish}
      requiredMark={false}
    >
      <Form.Item
        name="account"
        rules={phoneRules(phoneEmpty, phoneBad)}
        getValueFromEvent={digitsOnly(11)}
      >
        <Input
          size="large"
          aria-label="手机号"
          placeholder="请输入手机号"
          maxLength={11}
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password
          size="large"
          aria-label="密码"
          placeholder="请输入密码"
          maxLength={20}
          autoComplete="current-password"
        />
      </Form.Item>
      <div className={styles.optionsRow}>
        <Checkbox checked={remember} onChange={(event) => setRemember(event.target.checked)}>
          记住密码
        </Checkbox>
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
