import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { registerThroughApi } from './account-helpers';
import { PHONE } from './phone-helpers';
import { acceptLegalThroughApi, addSessionCookies } from './session-helpers';

/*
 * 长辈版 and 读屏 (docs/product/accessibility.md): a citizen switches the mode on a phone, keeps it
 * across a reload and on another device through the account, finds the task tiles and no pop-up,
 * signs in, searches, reads a building-table room aloud and runs the calculator with text of at
 * least 18 px; a keyboard-only citizen sends feedback without any picture puzzle.
 */

/** The smallest font size, in px, of visible text inside the page's main content. */
async function smallestText(page: Page): Promise<number> {
  return page.evaluate(() => {
    let smallest = Infinity;
    const main = document.querySelector('main') ?? document.body;
    for (const element of Array.from(main.querySelectorAll<HTMLElement>('*'))) {
      const hasText = Array.from(element.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      if (!hasText || element.closest('svg, .visually-hidden, [aria-hidden="true"]')) continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      smallest = Math.min(smallest, parseFloat(getComputedStyle(element).fontSize));
    }
    return smallest;
  });
}

/** Records what the page asks the speech engine to say, instead of speaking. */
async function recordSpeech(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const spoken: Array<{ text: string; lang: string }> = [];
    (window as unknown as { __spoken: typeof spoken }).__spoken = spoken;
    const synthesis = window.speechSynthesis;
    synthesis.speak = (utterance: SpeechSynthesisUtterance) => {
      spoken.push({ text: utterance.text, lang: utterance.lang });
    };
    synthesis.cancel = () => undefined;
  });
}

const spokenOf = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __spoken: Array<{ text: string; lang: string }> }).__spoken,
  );

const careMark = (page: Page) => page.locator('html');

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 ' +
  '(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test('长辈版 on a phone: kept across a reload and with the account; tiles, large text, 读屏 of a room', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // A phone's own browser (inside WeChat the sign-in page leads with WeChat's).
  const context = await browser.newContext({ ...PHONE, userAgent: IPHONE_SAFARI });
  await recordSpeech(context);
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: '菜单' }).click();
  await page.getByRole('button', { name: '长辈版', exact: true }).click();
  await expect(careMark(page)).toHaveAttribute('data-care', '1');

  await page.reload();
  // Marked by the server from the device's cookie, before any code runs.
  await expect(careMark(page)).toHaveAttribute('data-care', '1');
  const tiles = page.getByRole('navigation', { name: '常用功能' });
  for (const task of ['找新房', '找二手房', '查询', '计算器', '我的']) {
    await expect(tiles.getByRole('link', { name: new RegExp(`^${task}`) })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: '退出长辈版' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: '推荐房源' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await smallestText(page)).toBeGreaterThanOrEqual(18);
  // The menu names its sections in everyday words.
  await page.getByRole('button', { name: '菜单' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('link', { name: '房价走势', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: '咨询留言', exact: true })).toBeVisible();
  await expect(menu.getByText('数据分析', { exact: true })).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Sign-in page in the mode.
  await page.goto('/login');
  await expect(page.getByPlaceholder('请输入手机号')).toBeVisible();
  expect(await smallestText(page)).toBeGreaterThanOrEqual(18);

  // A project search.
  await page.goto('/newHouse?keyword=%E6%B5%B7%E6%B8%AF');
  const list = page.getByRole('region', { name: '楼盘列表' });
  await expect(list.getByRole('article').first()).toContainText('海港');
  expect(await smallestText(page)).toBeGreaterThanOrEqual(18);

  // A building-table room, read aloud with 点读.
  const projects = (await (await request.get('/api/projects?pageNum=1')).json()) as {
    data: { list: Array<{ id: number }> };
  };
  await page.goto(`/houses?id=${projects.data.list[0]!.id}`);
  const room = page.locator('[data-read-aloud][data-color="green"]').first();
  await expect(room).toBeVisible();
  expect(await smallestText(page)).toBeGreaterThanOrEqual(18);
  await page.getByRole('region', { name: '长辈版' }).getByRole('button', { name: '读屏' }).click();
  const panel = page.getByRole('region', { name: '读屏' });
  await panel.getByRole('button', { name: '点读：关' }).click();
  await expect(panel.getByRole('button', { name: '点读：开' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await room.click({ position: { x: 6, y: 6 } });
  await expect.poll(() => spokenOf(page).then((spoken) => spoken.length)).toBeGreaterThan(0);
  const [said] = await spokenOf(page);
  expect(said?.lang).toBe('zh-CN');
  expect(said?.text).toBe(await room.getAttribute('data-read-aloud'));
  expect(said?.text).toMatch(/^\S+ \S+ \S+，可售，[\d.]+平方米，总价 [\d.]+ 万$/);
  // A tap in 点读 only reads: no room sheet opened.
  await expect(page).not.toHaveURL(/[?&]room=/);
  await panel.getByRole('button', { name: '停止' }).click();
  await panel.getByRole('button', { name: '关闭读屏' }).click();
  await expect(panel).toHaveCount(0);

  // The calculator.
  await page.goto('/tool?tab=1');
  await page.getByText('按贷款总额', { exact: true }).click();
  await expect(page.getByRole('radio', { name: '按贷款总额' })).toBeChecked();
  await page.getByRole('textbox', { name: '贷款总额', exact: true }).fill('100');
  await page.getByRole('button', { name: '开始计算' }).click();
  await expect(page.getByText('每月月供').first()).toBeVisible();
  expect(await smallestText(page)).toBeGreaterThanOrEqual(18);

  // Signed in, the choice goes with the account to another device.
  const citizen = await registerThroughApi(request);
  await acceptLegalThroughApi(request, citizen.token, 'privacy');
  await addSessionCookies(context, citizen.token);
  await page.goto('/securitySetting');
  const setting = page.getByRole('region', { name: '显示方式' });
  await setting.getByRole('button', { name: '退出长辈版' }).click();
  await expect(careMark(page)).not.toHaveAttribute('data-care', '1');
  await setting.getByRole('button', { name: '长辈版', exact: true }).click();
  await expect(careMark(page)).toHaveAttribute('data-care', '1');
  await expect
    .poll(async () => {
      const answer = await request.get('/api/users/me/care-mode', {
        headers: { Authorization: `Bearer ${citizen.token}` },
      });
      return ((await answer.json()) as { data: { isOn: boolean } }).data.isOn;
    })
    .toBe(true);
  await context.close();
});

test('feedback by keyboard alone, with no picture puzzle and the focus always in sight', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const citizen = await registerThroughApi(request);
  await acceptLegalThroughApi(request, citizen.token, 'privacy');
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await addSessionCookies(context, citizen.token);
  const page = await context.newPage();
  await page.goto('/feedbackpage');
  await expect(page.getByRole('heading', { name: '我要提问' })).toBeVisible();
  await expect(page.getByLabel('联系方式')).toHaveValue(citizen.phone);
  await expect(page.locator('img[alt*="验证码"]')).toHaveCount(0);

  /** Tabs until `matches` holds for the focused element; checks its focus is drawn and on screen. */
  async function tabTo(matches: string): Promise<void> {
    for (let step = 0; step < 80; step += 1) {
      await page.keyboard.press('Tab');
      const found = await page.evaluate((selector) => {
        const active = document.activeElement as HTMLElement | null;
        if (!active?.matches(selector)) return null;
        const style = getComputedStyle(active);
        const frame = active.closest<HTMLElement>(
          '.ant-input-affix-wrapper, .ant-input, [class*="editor"]',
        );
        const frameStyle = frame ? getComputedStyle(frame) : style;
        const box = active.getBoundingClientRect();
        return {
          drawn:
            style.outlineStyle !== 'none' ||
            style.boxShadow !== 'none' ||
            frameStyle.boxShadow !== 'none' ||
            frameStyle.outlineStyle !== 'none' ||
            frameStyle.borderColor !== 'rgb(217, 217, 217)',
          inView: box.top >= 0 && box.bottom <= window.innerHeight,
        };
      }, matches);
      if (found) {
        expect(found.drawn, `focus drawn on ${matches}`).toBe(true);
        expect(found.inView, `focus in view on ${matches}`).toBe(true);
        return;
      }
    }
    throw new Error(`Tab never reached ${matches}`);
  }

  await tabTo('input#realname');
  await page.keyboard.type('王秀兰');
  await tabTo('input#title');
  const title = `老年人如何办理网签 ${Date.now()}`;
  await page.keyboard.type(title);
  await tabTo('[contenteditable="true"]');
  await page.keyboard.type('请问需要带哪些材料？');
  await tabTo('button[type="submit"]');
  await page.keyboard.press('Enter');
  await expect(page.getByText('提交成功！')).toBeVisible();
  const mine = await request.get('/api/feedback?pageNum=1', {
    headers: { Authorization: `Bearer ${citizen.token}` },
  });
  const rows = ((await mine.json()) as { data: { list: Array<{ title: string }> } }).data.list;
  expect(rows.map((row) => row.title)).toContain(title);
  await context.close();
});
