import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { addSessionCookies, legalVersion } from './session-helpers';

/** A fresh mobile number for one test run (137 + 8 digits from the clock and a counter). */
let counter = 0;
export function freshPhone(): string {
  counter += 1;
  const tail = `${Date.now() % 1_000_000}${counter}`.padStart(8, '0').slice(-8);
  return `137${tail}`;
}

/** The newest SMS code the simulator delivered to a phone. */
export async function readSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/sms?phone=${phone}`);
      const body = (await response.json()) as { data: Array<{ code: string }> };
      code = body.data[0]?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Clicks 获取验证码 in a form and waits for the 60 s countdown to start. */
export async function requestCode(page: Page): Promise<void> {
  await page.getByRole('button', { name: '获取验证码' }).click();
  // The name may still carry antd's leaving "loading" icon while the countdown runs.
  await expect(page.getByRole('button', { name: /\b\d+s$/ })).toBeDisabled();
}

/** Ticks 我已阅读并同意 in the visible form. */
export async function acceptAgreement(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: '我已阅读并同意' }).check();
}

/** Signs in on /login with account and password. */
export async function signInWithPassword(page: Page, phone: string, password: string) {
  await page.goto('/login');
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByPlaceholder('请输入密码').fill(password);
  await acceptAgreement(page);
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Registers a fresh account through the API and returns its phone, password and token. */
export async function registerThroughApi(
  request: APIRequestContext,
): Promise<{ phone: string; password: string; token: string }> {
  const phone = freshPhone();
  const password = 'Citizen@2026';
  await request.post('/api/auth/sms-codes', { data: { phone, purpose: 'REGISTER' } });
  const code = await readSmsCode(request, phone);
  const agreementVersion = await legalVersion(request, 'agreement');
  const response = await request.post('/api/auth/register', {
    data: { phone, code, password, agreementVersion },
  });
  const body = (await response.json()) as { data: { access_token: string } };
  return { phone, password, token: body.data.access_token };
}

/**
 * Signs in through the API with a password and answers the token. An operator's answer asks for
 * the second factor: the same password is sent again with the SMS code from the simulator outbox.
 */
export async function passwordToken(
  request: APIRequestContext,
  account: string,
  password: string,
): Promise<string> {
  const first = await request.post('/api/auth/login', { data: { account, password } });
  const body = (await first.json()) as { data: { access_token?: string; secondFactor?: string } };
  if (body.data?.secondFactor !== 'sms') return body.data?.access_token ?? '';
  const code = await readSmsCode(request, account);
  const second = await request.post('/api/auth/login', { data: { account, password, code } });
  return ((await second.json()) as { data: { access_token: string } }).data.access_token;
}

/** Opens the site already signed in with a token (in the session cookies the server sets). */
export async function useToken(page: Page, token: string): Promise<void> {
  await addSessionCookies(page.context(), token);
  await page.goto('/404');
}

/**
 * A valid 18-character ID number (GB 11643 check character) no other account has verified:
 * one identity verifies only one account, so each verification in the journeys uses its own.
 */
export function freshIdCard(): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sequence = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  const day = String(1 + Math.floor(Math.random() * 28)).padStart(2, '0');
  const first17 = `13030219900${Math.floor(Math.random() * 9) + 1}${day}${sequence}`;
  const sum = [...first17].reduce(
    (total, digit, i) => total + Number(digit) * (weights[i] ?? 0),
    0,
  );
  return first17 + '10X98765432'[sum % 11];
}
