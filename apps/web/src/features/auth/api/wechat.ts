import type { AccessToken, BindPhone, WechatPoll, WechatQr } from '@portal/shared/schemas/auth';
import { apiGet, apiPost } from '../../../lib/api-client';
import { shownAgreementVersion } from '../../../lib/legal';

/** A fresh WeChat login QR and its ticket (valid 120 s). */
export function getWechatQr(): Promise<WechatQr> {
  return apiPost<WechatQr>('/api/auth/wechat/qr');
}

/** One poll of the scan's status (the server answers only the browser that asked for the QR). */
export function pollWechatTicket(ticket: string): Promise<WechatPoll> {
  return apiGet<WechatPoll>('/api/auth/wechat/poll', { ticket });
}

/**
 * Signs in with the confirmed ticket, once, with the agreement version ticked before the QR
 * showed: the session, or the WeChat user with `bindPhone: 0`.
 */
export async function completeWechatSignIn(ticket: string): Promise<WechatPoll> {
  const agreementVersion = await shownAgreementVersion();
  return apiPost<WechatPoll>('/api/auth/wechat/complete', { ticket, agreementVersion });
}

/** 绑定手机号 after a scan by a WeChat user without a phone (the agreement ticked at the scan). */
export async function bindPhone(body: BindPhone): Promise<AccessToken> {
  const agreementVersion = await shownAgreementVersion();
  return apiPost<AccessToken>(
    '/api/auth/bind-phone',
    { ...body, agreementVersion },
    { toast: true },
  );
}

const TICKET_KEY = 'portal:wechat-ticket';

/** Keeps the confirmed ticket for /bindingPhone in this tab only. */
export function storeBindTicket(ticket: string): void {
  window.sessionStorage.setItem(TICKET_KEY, ticket);
}

export function readBindTicket(): string {
  return window.sessionStorage.getItem(TICKET_KEY) ?? '';
}

export function clearBindTicket(): void {
  window.sessionStorage.removeItem(TICKET_KEY);
}
