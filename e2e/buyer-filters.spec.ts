import { expect, type Locator, type Page, test } from '@playwright/test';

/*
 * The buyer filters: 总价 bands on /newHouse and the 小区 box with suggestions on
 * /secondhandhouse, on a phone (375 px, touch) and a wide screen (1440 px).
 */

const SIZES = [
  { name: '375 px touch', viewport: { width: 375, height: 812 }, hasTouch: true },
  { name: '1440 px', viewport: { width: 1440, height: 900 }, hasTouch: false },
] as const;

interface ProjectPage {
  data: { total: number; list: Array<{ publishName: string }> };
}
interface ListingPage {
  data: { total: number; list: Array<{ scVO: { communityName: string } }> };
}

async function countIn(page: Page, pattern: RegExp): Promise<number> {
  const text = await page.getByText(pattern).innerText();
  return Number(/\d+/.exec(text)?.[0] ?? -1);
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch });

    const press = (target: Locator) => (size.hasTouch ? target.tap() : target.click());

    test('filters new houses by a total-price band', async ({ page }) => {
      await page.goto('/newHouse');
      const items = page.getByRole('region', { name: '楼盘列表' }).getByRole('article');
      await expect(items.first()).toBeVisible();
      const all = await countIn(page, /共找到\s*\d+\s*个楼盘/);

      if (size.hasTouch) {
        await press(page.getByRole('button', { name: '更多' }));
        const sheet = page.getByRole('dialog', { name: '更多' });
        await press(
          sheet.getByRole('group', { name: '总价' }).getByRole('button', { name: '100-150万' }),
        );
        await press(sheet.getByRole('button', { name: '完成' }));
        await expect(page.getByRole('button', { name: '更多：100-150万' })).toBeVisible();
      } else {
        await page
          .getByRole('group', { name: '总价' })
          .getByRole('button', { name: '100-150万' })
          .click();
      }
      await expect(page).toHaveURL(/totalScope=3/);

      const expected = (await (
        await page.request.get('/api/projects?totalScope=3&pageSize=20')
      ).json()) as ProjectPage;
      expect(expected.data.total).toBeGreaterThan(0);
      expect(expected.data.total).toBeLessThan(all);
      await expect.poll(() => countIn(page, /共找到\s*\d+\s*个楼盘/)).toBe(expected.data.total);
      await expect(items).toHaveCount(expected.data.list.length);
      for (const [index, project] of expected.data.list.entries()) {
        await expect(items.nth(index).getByRole('heading')).toContainText(project.publishName);
      }
      await page.screenshot({
        path: `test-results/buyer-filters-newhouse-${size.viewport.width}.png`,
      });
    });

    test('filters second-hand listings by a suggested community', async ({ page }) => {
      const first = (await (
        await page.request.get('/api/listings?type=1&pageSize=1')
      ).json()) as ListingPage;
      const community = first.data.list[0]?.scVO.communityName ?? '';
      expect(community.length).toBeGreaterThan(1);
      const only = (await (
        await page.request.get(
          `/api/listings?type=1&pageSize=50&community=${encodeURIComponent(community)}`,
        )
      ).json()) as ListingPage;

      await page.goto('/secondhandhouse');
      const items = page.getByRole('region', { name: '房源列表' }).getByRole('article');
      await expect(items.first()).toBeVisible();
      const all = await countIn(page, /共找到\s*\d+\s*套二手房/);
      expect(only.data.total).toBeLessThan(all);

      const box = page.getByRole('combobox', { name: '小区名称' });
      await press(box);
      // The server-drawn box takes typing at once; what is typed before the app has taken it
      // over is handed to it then (docs/decisions/0048).
      await expect(box).toBeEditable();
      await box.pressSequentially(community.slice(0, 2), { delay: 40 });
      // The drop-down lists each suggestion with its number of listings.
      const dropdown = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      const suggestion = dropdown.filter({ hasText: new RegExp(`^${community}\\s*\\d+套$`) });
      await expect(suggestion).toBeVisible();
      await page.screenshot({
        path: `test-results/buyer-filters-community-${size.viewport.width}.png`,
      });
      if (size.hasTouch) {
        await suggestion.tap();
      } else {
        // Keyboard: arrow down to the suggestion, Enter chooses it.
        const names = await dropdown.allInnerTexts();
        const position = names.findIndex((text) => text.startsWith(community));
        expect(position).toBeGreaterThanOrEqual(0);
        for (let step = 0; step <= position; step += 1) await box.press('ArrowDown');
        await box.press('Enter');
      }
      await expect(page).toHaveURL(new RegExp(`community=${encodeURIComponent(community)}`));
      await expect(box).toHaveValue(community);
      await expect.poll(() => countIn(page, /共找到\s*\d+\s*套二手房/)).toBe(only.data.total);
      await expect(items).toHaveCount(Math.min(20, only.data.total));
      for (const text of await items.allInnerTexts()) expect(text).toContain(community);

      await box.fill('');
      await expect(page).not.toHaveURL(/community=/);
      await expect.poll(() => countIn(page, /共找到\s*\d+\s*套二手房/)).toBe(all);
    });
  });
}
