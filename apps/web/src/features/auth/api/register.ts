import type { AccessToken, Register, ResetPassword } from '@portal/shared/schemas/auth';
import { apiPost } from '../../../lib/api-client';

/** 注册并登录: the server answers the new session's token. */
export function registerAccount(body: Register): Promise<AccessToken> {
  return apiPost<AccessToken>('/api/auth/register', body, { toast: true });
}

/** 忘记密码: resets the password after the FORGET_PWD code; every session ends. */
export function resetForgottenPassword(body: ResetPassword): Promise<null> {
  return apiPost<null>('/api/auth/forget-password', body, { toast: true });
}
