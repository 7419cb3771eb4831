import { createHash } from 'node:crypto';
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  test,
} from '@playwright/test';

/*
 * The browser keeps the session in the cookies the server sets at sign-in (an HttpOnly session
 * cookie and the CSRF cookie the web app echoes; docs/decisions/0034-cookie-sessions.md). A
 * journey that signs in with `page.request` gets them in the page's context by itself; these
 * helpers give a page a session opened through another request context (a fresh or verified
 * account from the helpers), exactly as the server would have set it on this local http origin.
 */

const SESSION_COOKIE = 'portal_session';
const CSRF_COOKIE = 'portal_csrf';

function siteUrl(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('the journeys need a baseURL');
  return url;
}

/** Signs a browser context in with a session token answered by a sign-in through the API. */
export async function addSessionCookies(context: BrowserContext, token: string): Promise<void> {
  const url = siteUrl();
  const csrf = createHash('sha256').update(`csrf:${token}`).digest('base64url');
  await context.addCookies([
    { name: SESSION_COOKIE, value: token, url, httpOnly: true, sameSite: 'Lax' },
    { name: CSRF_COOKIE, value: csrf, url, sameSite: 'Lax' },
  ]);
}

/** Signs a page's browser context out on this device (the server session stays open). */
export async function dropSessionCookies(page: Page): Promise<void> {
  await page.context().clearCookies({ name: SESSION_COOKIE });
  await page.context().clearCookies({ name: CSRF_COOKIE });
}

/** The version in force of the user service agreement or the privacy policy. */
export async function legalVersion(
  request: APIRequestContext,
  kind: 'agreement' | 'privacy',
): Promise<number> {
  const response = await request.get(`/api/legal/${kind}`);
  return ((await response.json()) as { data: { version: number } }).data.version;
}

/**
 * Records, through the API as the page's 同意 would, that the account of `token` accepted the
 * version in force of a text (for the privacy policy: the separate consent asked before real-name
 * verification, deposits and publishing).
 */
export async function acceptLegalThroughApi(
  request: APIRequestContext,
  token: string,
  kind: 'agreement' | 'privacy',
): Promise<void> {
  const version = await legalVersion(request, kind);
  const response = await request.post('/api/legal/me/acceptances', {
    headers: { authorization: `Bearer ${token}` },
    data: { kind, version },
  });
  if (!response.ok()) throw new Error(`acceptance refused: ${await response.text()}`);
}

/** Gives the separate privacy consent in its dialog, as a citizen taps it. */
export async function consentInDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '个人信息处理单独同意' });
  await dialog.getByRole('button', { name: '同意并继续' }).click();
  await expect(dialog).toBeHidden();
}
