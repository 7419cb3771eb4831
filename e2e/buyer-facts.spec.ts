import {
  type APIRequestContext,
  type BrowserContextOptions,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { passwordToken, registerThroughApi, useToken } from './account-helpers';
import { chooseOption, selectOf } from './antd-select';
import { PHONE } from './phone-helpers';

/**
 * What a buyer learns beyond price (docs/product/nearby.md, communities.md, questions.md,
 * new-build.md): 朝向 and the 户型 plan in a room sheet, schools near a project, a listing's 小区
 * page, 问答 answered by the listing's owner, and the operator setting 朝向 in the console. The
 * lane's seeded server is shared, so the data is picked through the API, never by fixed ids.
 */

const OPERATOR = { phone: '13900000000', password: 'Admin@2026' };
const OWNER = { phone: '13800000001', password: 'Demo@2026' };

type Room = {
  id: number;
  houseMapName: string;
  orientation: string | null;
  orientationName: string;
  houseModelId: number | null;
};
type Rooms = { floors: Array<{ houseList: Room[] }> };

async function data<T>(request: APIRequestContext, url: string, token?: string): Promise<T> {
  const response = await request.get(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await response.json()) as { code: string; data: T };
  expect(body.code, url).toBe('000000');
  return body.data;
}

/** A published project's first building with a room that has both a 朝向 and a 户型. */
async function roomWithFacts(request: APIRequestContext) {
  const projects = await data<{ list: Array<{ id: number }> }>(
    request,
    '/api/projects?pageSize=20',
  );
  for (const { id } of projects.list) {
    const buildings = await data<Array<{ id: number }>>(
      request,
      `/api/building-table/projects/${id}/buildings`,
    );
    const building = buildings[0];
    if (!building) continue;
    const rooms = await data<Rooms>(request, `/api/building-table/buildings/${building.id}/rooms`);
    const room = rooms.floors
      .flatMap((f) => f.houseList)
      .find((r) => r.orientationName && r.houseModelId !== null);
    if (room) return { projectId: id, buildingId: building.id, room };
  }
  throw new Error('no published project with a room that has 朝向 and 户型');
}

/** Opens a room's sheet on the building table. */
async function openRoomSheet(page: Page, projectId: number, buildingId: number, roomId: number) {
  await page.goto(`/houses?id=${projectId}&building=${buildingId}`);
  const cell = page.locator(`[data-room="${roomId}"]`).first();
  await cell.scrollIntoViewIfNeeded();
  await cell.click();
  const sheet = page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  return sheet;
}

const VIEWPORTS: Array<{ name: string; use: BrowserContextOptions }> = [
  { name: '375 px phone', use: PHONE },
  { name: '1440 px desktop', use: { viewport: { width: 1440, height: 900 } } },
];

for (const { name, use } of VIEWPORTS) {
  test.describe(`buyer facts at ${name}`, () => {
    test.use(use);

    test('a room sheet of the building table shows 朝向 and the 户型 plan', async ({
      page,
      request,
    }) => {
      const { projectId, buildingId, room } = await roomWithFacts(request);
      const sheet = await openRoomSheet(page, projectId, buildingId, room.id);
      await expect(sheet).toContainText('朝向');
      await expect(sheet).toContainText(room.orientationName);
      await expect(sheet.getByRole('figure', { name: '户型图' })).toBeVisible();
      await expect(sheet.getByRole('img', { name: /户型图$/ })).toBeVisible();
    });

    test('a project page lists the schools nearby with walking distances', async ({
      page,
      request,
    }) => {
      const projects = await data<{ list: Array<{ id: number }> }>(
        request,
        '/api/projects?pageSize=20',
      );
      let found: { id: number; school: string } | null = null;
      for (const { id } of projects.list) {
        const project = await data<{ lng: number; lat: number }>(request, `/api/projects/${id}`);
        const near = await data<Array<{ name: string }>>(
          request,
          `/api/pois/nearby?lng=${project.lng}&lat=${project.lat}&category=school`,
        );
        if (near[0]) {
          found = { id, school: near[0].name };
          break;
        }
      }
      if (!found) throw new Error('no published project with a school nearby');
      await page.goto(`/houseHome?id=${found.id}`);
      const nearby = page.getByRole('region', { name: '周边配套' });
      await nearby.scrollIntoViewIfNeeded();
      await nearby.getByRole('tab', { name: '学校' }).click();
      const schools = nearby.getByRole('list', { name: '学校列表' });
      await expect(
        schools.getByRole('listitem').filter({ hasText: found.school }).first(),
      ).toContainText(/步行[\d,]+米 · 约\d+分钟/);
    });

    test('a second-hand listing links to its 小区 page, which lists that listing', async ({
      page,
      request,
    }) => {
      const listings = await data<{ list: Array<{ id: number; title: string }> }>(
        request,
        '/api/listings?type=1&pageSize=30',
      );
      let found: { id: number; title: string; community: { id: number; name: string } } | null =
        null;
      for (const listing of listings.list) {
        const place = await data<{ community: { id: number; name: string } | null }>(
          request,
          `/api/communities/of-listing/${listing.id}`,
        );
        if (place.community) {
          found = { ...listing, community: place.community };
          break;
        }
      }
      if (!found) throw new Error('no published sale listing with a 小区 record');
      await page.goto(`/detailscs?id=${found.id}`);
      // The listing's own place on a map.
      const listingPlace = page.getByRole('region', { name: '位置' });
      // Drawn once the listing's place has been read (and drawn again as the panel settles).
      await expect(async () => {
        await listingPlace.scrollIntoViewIfNeeded({ timeout: 2_000 });
      }).toPass();
      await expect(listingPlace.locator('.leaflet-container')).toBeVisible();
      await expect(
        listingPlace.getByRole('link', { name: '在地图上看周边房源和配套' }),
      ).toHaveAttribute('href', /^\/map\?layer=sale&c=/);
      const link = page.getByRole('link', { name: `${found.community.name} 小区详情` });
      await link.scrollIntoViewIfNeeded();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/community\\?id=${found.community.id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(found.community.name);
      const listed = page.getByRole('region', { name: '在售在租房源' });
      await expect(listed.getByRole('link', { name: found.title })).toBeVisible();

      // Its place: a map with its marker, and /map around it with 周边配套 on.
      const place = page.getByRole('region', { name: '位置' });
      await expect(async () => {
        await place.scrollIntoViewIfNeeded({ timeout: 2_000 });
      }).toPass();
      await expect(place.locator('.leaflet-container')).toBeVisible();
      await expect(
        place.locator('.leaflet-tooltip', { hasText: found.community.name }),
      ).toBeVisible();
      await place.getByRole('link', { name: '在地图上看周边房源和配套' }).click();
      await expect(page).toHaveURL(/\/map\?layer=sale&c=[\d.]+%2C[\d.]+&z=16&poi=all/);
      const layer = page.getByRole('group', { name: '周边配套图层' });
      await expect(layer.getByRole('button', { name: '周边配套' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(layer.getByRole('button', { name: /学校/ })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      // Back leads to the 小区 page.
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/community\\?id=${found.community.id}$`));
    });

    test('a citizen asks on a listing, its owner answers, and the page says who and when', async ({
      page,
      browser,
      request,
    }) => {
      const ownerToken = await passwordToken(request, OWNER.phone, OWNER.password);
      const mine = await data<{ list: Array<{ id: number; publishStatus: number }> }>(
        request,
        '/api/listings/mine?type=1&pageSize=50',
        ownerToken,
      );
      const listing = mine.list.find((l) => l.publishStatus === 3);
      if (!listing) throw new Error('the demo owner has no published sale listing');

      const asker = await registerThroughApi(request);
      await useToken(page, asker.token);
      await page.goto(`/detailscs?id=${listing.id}`);
      const question = `小区车位好租吗？${Date.now() % 100000}`;
      const panel = page.getByRole('region', { name: '问答' });
      const box = panel.getByLabel('我要提问');
      await box.scrollIntoViewIfNeeded();
      await box.fill(question);
      await panel.getByRole('button', { name: '提问' }).click();
      const asked = panel.getByRole('listitem', { name: `问题：${question}` });
      await expect(asked).toContainText('等待回答');

      const ownerContext = await browser.newContext(use);
      const ownerPage = await ownerContext.newPage();
      await useToken(ownerPage, ownerToken);
      await ownerPage.goto(`/detailscs?id=${listing.id}`);
      const ownerItem = ownerPage
        .getByRole('region', { name: '问答' })
        .getByRole('listitem', { name: `问题：${question}` });
      const answer = '车位充足，月租三百元左右';
      await ownerItem.getByLabel('回答内容').fill(answer);
      await ownerItem.getByRole('button', { name: /回答/ }).click();
      await expect(ownerItem).toContainText(answer);
      await ownerContext.close();

      await page.reload();
      const shown = page
        .getByRole('region', { name: '问答' })
        .getByRole('listitem', { name: `问题：${question}` });
      await expect(shown).toContainText(`答：${answer}`);
      await expect(shown).toContainText(/业主回答 · \d{4}-\d{2}-\d{2}/);
    });
  });
}

test.describe('the console at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the operator sets 朝向 of selected rooms and the room sheet then shows it', async ({
    page,
    request,
  }) => {
    const { projectId, buildingId, room } = await roomWithFacts(request);
    const token = await passwordToken(request, OPERATOR.phone, OPERATOR.password);
    const detail = await data<{
      publishName: string;
      districtName: string;
      buildings: Array<{ id: number; tabletNum: string }>;
    }>(request, `/api/admin/projects/${projectId}`, token);
    const building = detail.buildings.find((b) => b.id === buildingId);
    if (!building) throw new Error('the building is not in the console');
    // A 朝向 other than the room's: 北 unless it faces 北 already, then 东.
    const target =
      room.orientationName === '北' ? { code: '1', name: '东' } : { code: '4', name: '北' };

    await useToken(page, token);
    await page.goto('/admin/room-facts');
    await expect(page.getByRole('heading', { name: '房间朝向与户型' })).toBeVisible();
    const project = page.getByRole('combobox', { name: '楼盘' });
    await project.fill(detail.publishName);
    await chooseOption(
      page,
      selectOf(page, project),
      `${detail.publishName}（${detail.districtName}）`,
    );
    const buildingBox = page.getByRole('combobox', { name: '楼栋' });
    await chooseOption(page, selectOf(page, buildingBox), building.tabletNum);
    const roomRow = page.getByRole('row').filter({
      has: page.getByRole('checkbox', { name: new RegExp(`${room.houseMapName}$`) }),
    });
    // The room's unit: the table shows the first unit; pick the room's if it is in another.
    if ((await roomRow.count()) === 0) {
      const rooms = await data<Array<{ id: number; unitName: string }>>(
        request,
        `/api/admin/rooms?buildingId=${buildingId}`,
        token,
      );
      const unit = rooms.find((r) => r.id === room.id)?.unitName ?? '';
      await chooseOption(page, selectOf(page, page.getByRole('combobox', { name: '单元' })), unit);
    }
    await roomRow.first().getByRole('checkbox').check();
    const facing = page.getByRole('combobox', { name: '朝向' });
    await chooseOption(page, selectOf(page, facing), target.name);
    await page.getByRole('button', { name: /^应用到所选 1 间$/ }).click();
    await expect(
      page.getByRole('status').filter({ hasText: '已修改 1 间房间的朝向' }),
    ).toBeVisible();
    await expect(roomRow.first()).toContainText(target.name);

    const sheet = await openRoomSheet(page, projectId, buildingId, room.id);
    await expect(sheet).toContainText(target.name);
  });
});
