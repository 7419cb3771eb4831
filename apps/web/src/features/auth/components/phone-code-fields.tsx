import type { SmsPurpose } from '@portal/shared/schemas/auth';
import type { FormInstance } from 'antd';
import { Form, Input } from 'antd';
import { SmsCodeButton } from '../../../components/sms-code-button';
import { CODE_RULES, digitsOnly, phoneRules } from '../../../lib/form-rules';
import styles from './auth-forms.module.css';

interface PhoneCodeFieldsProps {
  form: FormInstance;
  purpose: SmsPurpose;
  /** Placeholder and empty-field message of this page (they vary by page: docs/product/accounts.md). */
  phonePrompt: string;
  /** Message for a malformed phone number on this page. */
  phoneInvalid: string;
}

/**
 * The phone field (digits only, 11 at most) and the 6-digit SMS code field with its 获取验证码
 * button, shared by the registration, SMS sign-in, forgot-password and bind-phone forms.
 */
export function PhoneCodeFields({
  form,
  purpose,
  phonePrompt,
  phoneInvalid,
}: PhoneCodeFieldsProps) {
  return (
    <>
      <Form.Item
        name="phone"
        rules={phoneRules(phonePrompt, phoneInvalid)}
        getValueFromEvent={digitsOnly(11)}
      >
        <Input
          size="large"
          aria-label="手机号"
          placeholder={phonePrompt}
          maxLength={11}
          autoComplete="tel"
        />
      </Form.Item>
      <div className={styles.codeRow}>
        <Form.Item name="code" rules={CODE_RULES} getValueFromEvent={digitsOnly(6)}>
          <Input
            size="large"
            aria-label="短信验证码"
            placeholder="请输入验证码"
            maxLength={6}
            autoComplete="one-time-code"
          />
        </Form.Item>
        <SmsCodeButton form={form} phoneField="phone" purpose={purpose} />
      </div>
    </>
  );
}
