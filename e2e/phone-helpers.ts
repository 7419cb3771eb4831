import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { readSmsCode } from './account-helpers';
import { acceptLegalThroughApi, legalVersion } from './session-helpers';

/** WeChat's in-app browser on an Android phone, where most shared links are opened. */
const WECHAT_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 13; V2183A Build/TP1A.220624.014; wv) AppleWebKit/537.36 ' +
  '(KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 ' +
  'MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI ' +
  'Language/zh_CN ABI/arm64';

/** The phone the journeys run on: 375 × 812 with touch, in WeChat's browser. */
export const PHONE = {
  viewport: { width: 375, height: 812 },
  hasTouch: true,
  isMobile: true,
  userAgent: WECHAT_USER_AGENT,
};

/** What lies over any part of an element (nothing when it can be touched everywhere). */
function coveringElements(element: Element): string[] {
  const box = element.getBoundingClientRect();
  const points = [0.1, 0.5, 0.9].flatMap((fx) =>
    [0.2, 0.5, 0.8].map((fy) => [box.left + box.width * fx, box.top + box.height * fy]),
  );
  return points
    .map(([x, y]) => element.ownerDocument.elementFromPoint(x ?? 0, y ?? 0))
    .filter((hit) => hit !== null && hit !== element && !element.contains(hit))
    .map((hit) => hit?.outerHTML.slice(0, 120) ?? '');
}

/**
 * Brings a control into view as a finger would (scrolling the page, to the middle of the screen
 * when something such as a floating button lies over it where it first shows) and checks that it
 * is inside the viewport with nothing over any part of it.
 */
export async function expectReachable(control: Locator): Promise<void> {
  // A list drawn again (its answer read anew) replaces the element between finding it and
  // scrolling to it: the scroll is tried again on the element now there.
  await expect(async () => {
    await control.scrollIntoViewIfNeeded({ timeout: 5_000 });
  }).toPass({ timeout: 15_000 });
  await expect(control).toBeInViewport();
  if ((await control.evaluate(coveringElements)).length > 0) {
    await control.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  }
  await expect.poll(() => control.evaluate(coveringElements)).toEqual([]);
}

/** Taps a control after checking that a finger can reach it. */
export async function tapReachable(control: Locator): Promise<void> {
  await expectReachable(control);
  await control.tap();
}

/** Types into a field after tapping it where it can be reached. */
export async function fillReachable(field: Locator, value: string): Promise<void> {
  await tapReachable(field);
  await field.fill(value);
}

/** Swipes a finger upwards over the lower part of an element by `distance` px. */
async function swipeUp(page: Page, target: Locator, distance: number): Promise<void> {
  const box = await target.boundingBox();
  if (!box) return;
  const x = box.x + box.width / 2;
  const from = Math.min(box.y + box.height - 24, (page.viewportSize()?.height ?? 0) - 24);
  const session = await page.context().newCDPSession(page);
  await session.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: [{ x, y: from }],
  });
  for (let step = 1; step <= 10; step += 1) {
    await session.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x, y: from - (distance * step) / 10 }],
    });
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await session.detach();
}

/**
 * Picks an option of the antd Select named `label` by tapping the box and then the option,
 * swiping the option list up until the option shows.
 */
/** Taps the choice `option` of the row of choices (a radio group) named `group`. */
export async function pickByTap(page: Page, group: string, option: string): Promise<void> {
  const choice = page
    .getByRole('radiogroup', { name: group })
    .locator('label')
    .filter({ has: page.getByText(option, { exact: true }) });
  await tapReachable(choice);
  await expect(page.getByRole('radio', { name: option, exact: true })).toBeChecked();
}

export async function chooseByTap(page: Page, label: string, option: string): Promise<void> {
  const select = page
    .locator('.ant-select')
    .filter({ has: page.getByLabel(label, { exact: true }) });
  const dropdown = page.locator('.ant-select-dropdown:visible');
  const item = dropdown.locator(`.ant-select-item-option[title="${option}"]`);
  await expect(async () => {
    const isOpen = await select.evaluate((el) => el.classList.contains('ant-select-open'));
    if (!isOpen) {
      // A finger first brings the box to the middle of the screen, leaving room for the list.
      await select.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await tapReachable(select);
    }
    await expect(dropdown).toBeVisible({ timeout: 2_000 });
    for (let swipe = 0; swipe < 8 && !(await item.isVisible()); swipe += 1) {
      await swipeUp(page, dropdown, 120);
    }
    await item.tap({ timeout: 3_000 });
    await expect(select).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** The GB 11643 check character of the first 17 characters of an ID number. */
function idCheckChar(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce(
    (total, digit, i) => total + Number(digit) * (weights[i] ?? 0),
    0,
  );
  return '10X98765432'[sum % 11] ?? '0';
}

/** A fresh valid ID number of a 秦皇岛 海港区 resident born in 1990. */
function freshIdCard(): string {
  const pick = (min: number, max: number, width: number) =>
    String(min + Math.floor(Math.random() * (max - min + 1))).padStart(width, '0');
  const first17 = `1303021990${pick(1, 12, 2)}${pick(1, 28, 2)}${pick(0, 999, 3)}`;
  return first17 + idCheckChar(first17);
}

/**
 * A new account that registered by SMS, gave the separate privacy consent and passed the
 * face-verification simulator, so it can pay
 * a deposit without touching the demo buyer's orders. Returns its access token.
 */
export async function verifiedBuyer(request: APIRequestContext): Promise<string> {
  const phone = `136${String(Date.now()).slice(-8)}`;
  await request.post('/api/auth/sms-codes', { data: { phone, purpose: 'REGISTER' } });
  const code = await readSmsCode(request, phone);
  const agreementVersion = await legalVersion(request, 'agreement');
  const registered = await request.post('/api/auth/register', {
    data: { phone, code, password: 'Citizen@2026', agreementVersion },
  });
  const token = ((await registered.json()) as { data: { access_token: string } }).data.access_token;
  const headers = { authorization: `Bearer ${token}` };
  // The separate privacy consent the verification dialog asks for before its QR.
  await acceptLegalThroughApi(request, token, 'privacy');
  const qr = await request.post('/api/users/me/realname-qr', { headers });
  const { confirmUrl } = ((await qr.json()) as { data: { confirmUrl: string } }).data;
  const verified = await request.post(new URL(confirmUrl).pathname, {
    form: { realName: '张晓明', idCard: freshIdCard(), result: 'pass' },
  });
  expect(await verified.text()).toContain('认证成功');
  const status = await request.get('/api/auth/realname-status', { headers });
  expect(((await status.json()) as { data: boolean }).data).toBe(true);
  return token;
}

/** Signs a demo account in through the API and returns its token. */
export async function tokenOf(
  request: APIRequestContext,
  account: string,
  password = 'Demo@2026',
): Promise<string> {
  const response = await request.post('/api/auth/login', {
    data: { account, password, type: 'phone' },
  });
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
}

/** A green room of a published project that takes deposits (its building has a licence). */
export async function greenRoomId(request: APIRequestContext): Promise<number> {
  const get = async <T>(url: string): Promise<T> =>
    ((await (await request.get(url)).json()) as { data: T }).data;
  const projects = await get<{ list: { id: number }[] }>('/api/projects?pageSize=20');
  for (const project of projects.list) {
    const buildings = await get<{ id: number }[]>(
      `/api/building-table/projects/${project.id}/buildings`,
    );
    for (const building of buildings) {
      const table = await get<{ floors: { houseList: { id: number; color: string }[] }[] }>(
        `/api/building-table/buildings/${building.id}/rooms`,
      );
      const green = table.floors.flatMap((f) => f.houseList).find((r) => r.color === 'green');
      if (green) return green.id;
    }
  }
  throw new Error('no green room to book');
}

/**
 * Checks that a control shows its whole label on one line: nothing of the text cut off by the
 * control's own box (no "订约金缴" for 订约金缴纳), and the label not broken over two lines.
 */
export async function expectWholeLabel(control: Locator, label: string): Promise<void> {
  await expect(control).toHaveText(label);
  const fit = await control.evaluate((element) => {
    const range = element.ownerDocument.createRange();
    range.selectNodeContents(element);
    const text = range.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    const lines = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
    return {
      lines: lines.size,
      inside: text.left >= box.left - 1 && text.right <= box.right + 1,
      overflow: element.scrollWidth - element.clientWidth,
    };
  });
  expect(fit).toEqual({ lines: 1, inside: true, overflow: 0 });
}
