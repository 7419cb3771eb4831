import type { AccessToken, Register, ResetPassword } from '@portal/shared/schemas/auth';
import { apiPost } from '../../../lib/api-client';
import { shownAgreementVersion } from '../../../lib/legal';

/** 注册并登录 with the agreement version the form showed: the server answers the session's token. */
export async function registerAccount(body: Register): Promise<AccessToken> {
  const agreementVersion = await shownAgreementVersion();
  return apiPost<AccessToken>('/api/auth/register', { ...body, agreementVersion }, { toast: true });
}

/** 忘记密码: resets the password after the FORGET_PWD code; every session ends. */
export function resetForgottenPassword(body: ResetPassword): Promise<null> {
  return apiPost<null>('/api/auth/forget-password', body, { toast: true });
}
