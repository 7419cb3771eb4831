import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';

/*
 * The building table's 朝向 filter (/houses) and the 周边配套 layer of /map
 * (docs/product/new-build.md, docs/product/nearby.md), on a phone (375 px, touch) and a wide
 * screen (1440 px).
 */

const SIZES = [
  { name: '375 px touch', viewport: { width: 375, height: 812 }, hasTouch: true },
  { name: '1440 px', viewport: { width: 1440, height: 900 }, hasTouch: false },
] as const;

interface Room {
  id: number;
  orientation: string | null;
  orientationName: string;
}
interface Rooms {
  unit: string;
  floors: Array<{ floor: number; houseList: Room[] }>;
}
interface Building {
  id: number;
  units: string[];
}
interface MapPoi {
  id: number;
  category: string;
  name: string;
  lng: number;
  lat: number;
}

async function data<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  const body = (await response.json()) as { code: string; data: T };
  expect(body.code, url).toBe('000000');
  return body.data;
}

/** A project whose first building's first unit has rooms facing two or more ways. */
async function pickUnit(request: APIRequestContext) {
  const page = await data<{ list: Array<{ id: number }> }>(request, '/api/projects?pageSize=20');
  for (const { id } of page.list) {
    const buildings = await data<Building[]>(
      request,
      `/api/building-table/projects/${id}/buildings`,
    );
    const first = buildings[0];
    if (!first) continue;
    const rooms = await data<Rooms>(request, `/api/building-table/buildings/${first.id}/rooms`);
    const all = rooms.floors.flatMap((floor) => floor.houseList);
    const ways = new Map<string, Room[]>();
    for (const room of all)
      if (room.orientation)
        ways.set(room.orientation, [...(ways.get(room.orientation) ?? []), room]);
    if (ways.size < 2) continue;
    // The way fewest rooms face: the filter visibly drops the others.
    const [code, facing] = [...ways.entries()].sort((a, b) => a[1].length - b[1].length)[0]!;
    return { projectId: id, all, code, name: facing[0]!.orientationName, facing };
  }
  throw new Error('no unit with rooms facing two or more ways');
}

const toolbar = (page: Page) => page.getByRole('region', { name: '楼盘表筛选' });
const cells = (page: Page) => page.getByRole('table', { name: '楼盘表房间' }).getByRole('cell');

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch });
    const press = (target: Locator) => (size.hasTouch ? target.tap() : target.click());

    test('the building table keeps only the rooms of the chosen 朝向', async ({
      page,
      request,
    }) => {
      const unit = await pickUnit(request);
      await page.goto(`/houses?id=${unit.projectId}`);
      await expect(cells(page)).toHaveCount(unit.all.length);

      const picker = toolbar(page).getByRole('radiogroup', { name: '朝向' });
      // On a phone the refinements wait behind 更多筛选, so the floors start on the first screen.
      const more = toolbar(page).getByRole('button', { name: '更多筛选' });
      if (size.hasTouch) {
        await expect(picker).toBeHidden();
        await press(more);
      } else {
        await expect(more).toBeHidden();
      }
      await press(picker.locator('label', { hasText: new RegExp(`^${unit.name}$`) }));
      await expect(page).toHaveURL(new RegExp(`orientation=${unit.code}(&|$)`));
      await expect(cells(page)).toHaveCount(unit.facing.length);
      const shown = await cells(page).evaluateAll((nodes) =>
        nodes.map((node) => Number(node.getAttribute('data-room'))),
      );
      expect(shown.sort((a, b) => a - b)).toEqual(
        unit.facing.map((room) => room.id).sort((a, b) => a - b),
      );

      // The choice lives in the URL: a reload keeps it (and the refinements open, saying so);
      // 全部 brings every room back.
      await page.reload();
      await expect(cells(page)).toHaveCount(unit.facing.length);
      if (size.hasTouch) {
        await expect(
          toolbar(page).getByRole('button', { name: '收起筛选（已选 1 项）' }),
        ).toBeVisible();
      }
      await expect(picker.getByRole('radio', { name: unit.name, exact: true })).toBeChecked();
      await press(picker.locator('label', { hasText: /^全部$/ }));
      await expect(cells(page)).toHaveCount(unit.all.length);
      await expect(page).not.toHaveURL(/orientation=/);
    });

    test('the map shows 周边配套 of the visible area by kind', async ({ page, request }) => {
      const points = await data<MapPoi[]>(request, '/api/pois/map?bbox=119.0,39.6,120.0,40.4');
      const school = points.find((point) => point.category === 'school');
      expect(school, 'the seed has a school on the map').toBeDefined();
      const centre = school!;

      // Zoomed out, the layer asks to zoom in.
      await page.goto('/map');
      const bar = page.getByRole('group', { name: '周边配套图层' });
      await press(bar.getByRole('button', { name: '周边配套' }));
      await expect(bar.getByRole('button', { name: '周边配套' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(bar.getByRole('status')).toHaveText('放大地图后显示周边配套');

      // At a school, zoom 15: marks of the visible area, one kind each.
      await page.goto(`/map?c=${centre.lng.toFixed(5)},${centre.lat.toFixed(5)}&z=15`);
      await press(bar.getByRole('button', { name: '周边配套' }));
      const mark = page.locator(`[data-poi-id="${centre.id}"]`);
      await expect(mark).toBeVisible();
      await expect(mark).toHaveAttribute('data-poi-group', 'school');
      const kinds = await page
        .locator('[data-poi-group]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-poi-group')));
      expect(kinds.length).toBeGreaterThan(1);

      // Tapping the mark tells its name and kind.
      await press(page.locator('.leaflet-marker-icon', { has: mark }));
      const popup = page.locator('.leaflet-popup');
      await expect(popup).toContainText(centre.name);
      await expect(popup).toContainText('学校');

      // 学校 off: no school marks; on again: back.
      const schools = bar.getByRole('button', { name: '学校', exact: true });
      await expect(schools).toHaveCount(1);
      await expect(schools).toHaveAttribute('aria-pressed', 'true');
      await press(schools);
      await expect(schools).toHaveAttribute('aria-pressed', 'false');
      await expect(page.locator('.leaflet-marker-pane [data-poi-group="school"]')).toHaveCount(0);
      await expect(popup).toHaveCount(0);
      // The address keeps the layer and its kinds: a reload (or a shared link) shows the same.
      await expect(page).toHaveURL(
        /[?&]poi=kindergarten%2Ctransit%2Chospital%2Cshop%2Cpark%2Cbank/,
      );
      await page.reload();
      await expect(bar.getByRole('button', { name: '周边配套' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(schools).toHaveAttribute('aria-pressed', 'false');
      await expect(
        page
          .locator(
            '[data-poi-group="hospital"], [data-poi-group="transit"], [data-poi-group="shop"], [data-poi-group="park"], [data-poi-group="bank"], [data-poi-group="kindergarten"]',
          )
          .first(),
      ).toBeVisible();
      await press(schools);
      await expect(mark).toBeVisible();
      await expect(page).toHaveURL(/[?&]poi=all/);

      // Off: no marks left, the map's own labels untouched.
      await press(bar.getByRole('button', { name: '周边配套' }));
      await expect(page.locator('[data-poi-id]')).toHaveCount(0);
      await expect(page).not.toHaveURL(/[?&]poi=/);
    });
  });
}
