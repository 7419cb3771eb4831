import type { SmsPurpose } from '@portal/shared/schemas/auth';
import { Button, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { apiPost } from '../lib/api-client';

/** 获取验证码: the server message is shown as a toast on failure (docs/product/accounts.md). */
function sendSmsCode(phone: string, purpose: SmsPurpose): Promise<null> {
  return apiPost<null>('/api/auth/sms-codes', { phone, purpose }, { toast: true });
}

/** Seconds before another code may be requested (docs/product/accounts.md). */
export const SMS_RESEND_SECONDS = 60;

interface SmsCodeButtonProps {
  form: FormInstance;
  /** Form field holding the phone number; it is validated before sending. */
  phoneField: string;
  purpose: SmsPurpose;
  /** A fixed phone (e.g. the signed-in user's) instead of reading the form. */
  phone?: string;
}

/** 获取验证码 with a 60-second countdown after a successful send (docs/product/accounts.md). */
export function SmsCodeButton({ form, phoneField, purpose, phone }: SmsCodeButtonProps) {
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [isSending, setIsSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return undefined;
    const timer = window.setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  const handleClick = async () => {
    let target = phone;
    if (!target) {
      try {
        const values: Record<string, string> = await form.validateFields([phoneField]);
        target = values[phoneField];
      } catch {
        return;
      }
    }
    if (!target) return;
    setIsSending(true);
    try {
      await sendSmsCode(target, purpose);
      setSecondsLeft(SMS_RESEND_SECONDS);
    } catch {
      // The api client has already shown the server message as a toast.
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Button size="large" onClick={handleClick} disabled={secondsLeft > 0} loading={isSending}>
      {secondsLeft > 0 ? `${secondsLeft}s` : '获取验证码'}
    </Button>
  );
}
