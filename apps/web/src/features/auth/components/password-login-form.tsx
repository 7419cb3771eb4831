import { passwordLoginSchema } from '@portal/shared/schemas/auth';
import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { CODE_RULES, digitsOnly, phoneRules } from '../../../lib/form-rules';
import { zodFieldRules } from '../../../lib/zod-rules';
import { completeLogin, loginWithPassword } from '../api/login';
import { getRememberedAccount, rememberAccount } from '../remember';
import { LOGIN_LABELS, useSubmitStatus, SUBMIT_STATUS } from '../submit-status';
import { AgreementCheckbox, SubmitOrAgree, useAgreement } from './agreement';
import styles from './auth-forms.module.css';

interface PasswordLoginFormProps {
  /** Phone messages: the dialog and the page word them differently (docs/product/accounts.md). */
  phoneEmpty: string;
  phoneBad: string;
  onSuccess: () => void;
}

interface Values {
  account: string;
  password: string;
  /** Operators only: the SMS code sent after the right password. */
  code?: string;
}

/** The password as the server's login checks it (its required message). */
const PASSWORD_RULES = zodFieldRules(passwordLoginSchema.shape.password);

/** 账号密码登录 with 记住密码 (docs/product/accounts.md: only the account is remembered). */
export function PasswordLoginForm({ phoneEmpty, phoneBad, onSuccess }: PasswordLoginFormProps) {
  const [form] = Form.useForm<Values>();
  const agreement = useAgreement();
  const [remember, setRemember] = useState(() => Boolean(getRememberedAccount()));
  const { status, run } = useSubmitStatus();

  // The phone an operator's second factor went to; the code field shows once it is known.
  const [codePhone, setCodePhone] = useState<string | null>(null);

  const handleFinish = (values: Values) =>
    run(async (): Promise<'idle' | undefined> => {
      const answer = await loginWithPassword({
        ...values,
        code: codePhone ? values.code : undefined,
        remember,
      });
      if ('secondFactor' in answer) {
        setCodePhone(answer.phone);
        form.setFieldValue('code', '');
        return 'idle';
      }
      rememberAccount(values.account, remember);
      await completeLogin({ openPopup: true });
      onSuccess();
      return undefined;
    });

  return (
    <Form
      form={form}
      name="password-login"
      layout="vertical"
      validateTrigger={['onBlur', 'onSubmit']}
      initialValues={{ account: getRememberedAccount(), password: '' }}
      onValuesChange={(changed: Partial<Values>) => {
        // Another account or password starts again from the first factor.
        if ('account' in changed || 'password' in changed) setCodePhone(null);
      }}
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
      <Form.Item name="password" rules={PASSWORD_RULES}>
        <Input.Password
          size="large"
          aria-label="密码"
          placeholder="请输入密码"
          maxLength={20}
          autoComplete="current-password"
        />
      </Form.Item>
      {codePhone ? (
        <>
          <p role="status">运营账号需短信验证：验证码已发送至 {codePhone}</p>
          <Form.Item name="code" rules={CODE_RULES}>
            <Input
              size="large"
              placeholder="请输入短信验证码"
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
              aria-label="短信验证码"
            />
          </Form.Item>
        </>
      ) : null}
      <div className={styles.optionsRow}>
        <Checkbox checked={remember} onChange={(event) => setRemember(event.target.checked)}>
          记住密码
        </Checkbox>
      </div>
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
