import type { PhoneCode, RealnameQr, ResetPassword } from '@portal/shared/schemas/auth';
import { apiPost } from '../../../lib/api-client';

/** 修改密码: phone code + new password; the server ends every other session. */
export function changePassword(body: ResetPassword): Promise<null> {
  return apiPost<null>('/api/auth/password', body, { toast: true });
}

/** 修改手机号 step 1: the old phone's VALIDATE_PHONE code. */
export function verifyOldPhone(body: PhoneCode): Promise<null> {
  return apiPost<null>('/api/auth/phone/verify-old', body, { toast: true });
}

/** 修改手机号 step 2: the new phone's CHANGE_PHONE code. */
export function changePhone(body: PhoneCode): Promise<null> {
  return apiPost<null>('/api/auth/phone/change', body, { toast: true });
}

/** A face-verification QR (simulated mini-program). */
export function getRealnameQr(): Promise<RealnameQr> {
  return apiPost<RealnameQr>('/api/users/me/realname-qr', undefined, { toast: true });
}
