import type {
  AccessToken,
  PasswordLogin,
  PasswordLoginResult,
  SmsLogin,
} from '@portal/shared/schemas/auth';
import { apiPost } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';
import { isCareMode } from '../../../lib/care-mode';
import { followAccountCareMode } from '../../../lib/care-mode-account';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { shownAgreementVersion } from '../../../lib/legal';
import { notifySuccess } from '../../../lib/notify';
import { queryClient } from '../../../lib/query-client';

/**
 * 账号密码登录 with the agreement version the form showed (recorded by the server): the server
 * opens the session (its cookie, and the bearer token for API clients), or for an operator without a code yet answers the masked phone his SMS code (the
 * second factor) was sent to.
 */
export async function loginWithPassword(body: PasswordLogin): Promise<PasswordLoginResult> {
  const agreementVersion = await shownAgreementVersion();
  return apiPost<PasswordLoginResult>(
    '/api/auth/login',
    { ...body, type: 'phone', agreementVersion },
    { toast: true },
  );
}

/** 手机验证码登录, recording the agreement version the form showed. */
export async function loginWithSmsCode(body: SmsLogin): Promise<AccessToken> {
  const agreementVersion = await shownAgreementVersion();
  return apiPost<AccessToken>(
    '/api/auth/sms-login',
    { ...body, agreementVersion },
    { toast: true },
  );
}

/**
 * After any successful login (docs/product/accounts.md): take up the session the server set in
 * its cookie, fetch and store the user and, when asked, set the home pop-up flag; then the
 * 登录成功 toast.
 */
export async function completeLogin(options: { openPopup: boolean }): Promise<void> {
  authStore.signIn();
  const isCare = isCareMode();
  await Promise.all([
    queryClient.fetchQuery(currentUserQueryOptions(authStore.getState().session)),
    followAccountCareMode(isCare).catch(() => undefined),
  ]);
  // 长辈版 opens nothing by itself (docs/product/accessibility.md).
  if (options.openPopup && !isCareMode()) authStore.setPopupOpen(true);
  notifySuccess('登录成功');
}
