import { expect, type APIRequestContext, test } from '@playwright/test';
import { passwordToken, useToken } from './account-helpers';
import { PHONE } from './phone-helpers';

type Envelope<T> = { code: string; data: T };

async function read<T>(request: APIRequestContext, url: string, token?: string): Promise<T> {
  const response = await request.get(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, url).toBe('000000');
  return body.data;
}

/** A published sale listing of the demo buyer that names a recorded 小区. */
async function ownListingWithCommunity(request: APIRequestContext, token: string) {
  const mine = await read<{ list: Array<{ id: number; title: string; publishStatus: number }> }>(
    request,
    '/api/listings/mine?type=1&pageSize=50',
    token,
  );
  for (const listing of mine.list.filter((l) => l.publishStatus === 3)) {
    const place = await read<{ community: { id: number; name: string } | null }>(
      request,
      `/api/communities/of-listing/${listing.id}`,
    );
    if (place.community) return { ...listing, community: place.community };
  }
  throw new Error('the demo buyer has no published listing in a recorded 小区');
}

for (const [label, device] of [
  ['phone', PHONE],
  ['desktop', { viewport: { width: 1440, height: 900 } }],
] as const) {
  test.describe(`what a buyer compares before buying (${label})`, () => {
    test.use(device);

    test('a room sheet shows its 朝向 and plan; a project lists nearby schools', async ({
      page,
      request,
    }) => {
      const projects = await read<{ list: Array<{ id: number }> }>(
        request,
        '/api/projects?pageNum=1',
      );
      const projectId = projects.list[0]!.id;
      await page.goto(`/houses?id=${projectId}`);
      const cell = page.getByRole('cell', { name: / (可售|不可售|已锁定|待付款)$/ }).first();
      await cell.click();
      const sheet = page.getByRole('dialog', { name: /房间详情$/ });
      await expect(sheet).toBeVisible();
      await expect(sheet).toContainText('朝向');
      await expect(sheet.getByRole('img', { name: /户型图$/ })).toBeVisible();
      await expect(sheet.getByRole('table', { name: '各房间面积与朝向' })).toBeVisible();

      await page.goto(`/houseHome?id=${projectId}`);
      const nearby = page.getByRole('region', { name: '周边配套' });
      await nearby.scrollIntoViewIfNeeded();
      await nearby.getByRole('tab', { name: '学校' }).click();
      await expect(nearby.getByRole('tab', { name: '学校' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(nearby.getByRole('list').getByRole('listitem').first()).toContainText(
        /步行[\d,]+米 · 约\d+分钟/,
      );
    });

    test('a listing links to its 小区, which lists it; a question is answered by the owner', async ({
      page,
      request,
    }) => {
      const owner = await passwordToken(request, '13800000001', 'Demo@2026');
      const asker = await passwordToken(request, '13800000002', 'Demo@2026');
      const listing = await ownListingWithCommunity(request, owner);

      await page.goto(`/detailscs?id=${listing.id}`);
      const link = page.getByRole('link', { name: `${listing.community.name} 小区详情` });
      await link.scrollIntoViewIfNeeded();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/community\\?id=${listing.community.id}`));
      await expect(
        page.getByRole('heading', { level: 1, name: listing.community.name }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: listing.title })).toBeVisible();

      const question = `${label}：可以周末看房吗？${Date.now() % 100000}`;
      const asked = await request.post('/api/questions', {
        headers: { Authorization: `Bearer ${asker}` },
        data: { targetType: 'listing', targetId: listing.id, body: question },
      });
      expect(asked.ok()).toBe(true);

      await useToken(page, owner);
      await page.goto(`/detailscs?id=${listing.id}`);
      const item = page.getByRole('listitem', { name: `问题：${question}` });
      await item.scrollIntoViewIfNeeded();
      await item.getByLabel('回答内容').fill('周末全天都可以看房');
      await expect(item.getByLabel('回答内容')).toHaveValue('周末全天都可以看房');
      await item.getByRole('button', { name: '提交回答' }).click();
      await expect(item).toContainText('答：周末全天都可以看房');
      await expect(item).toContainText('业主回答');
    });
  });
}
