import type { MyListing } from '@portal/shared/schemas/listing-trust';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listingEditFixture } from '../../../features/listings/testing/listing-edit-fixture';
import { consentedStatus } from '../../../test/legal';
import { renderWithProviders } from '../../../test/render';
import MySecondHandHouseRoute from './my-second-hand-house';

const TITLES: Record<number, string> = {
  1: '待发布的房源 文化路三室两厅',
  2: '待审核的房源 海韵花园两室',
  3: '已发布的房源 金海湾一室一厅',
  4: '已驳回的房源 建设大街四室',
  5: '已撤回的房源 红旗路两室',
  6: '已下架的房源 海阳路三室',
  7: '待确认在售的房源 迎宾路两室',
  8: '已成交的房源 河北大街一室',
};

function card(status: number): MyListing {
  return {
    id: status,
    type: 1,
    title: TITLES[status] ?? '',
    coverUrl: null,
    directionStr: '南北',
    decoratesStr: '精装',
    age: 2012,
    bedroom: 3,
    room: 2,
    toilet: 1,
    buildArea: 96.5,
    floorNum: 5,
    totalFloor: 18,
    scVO: {
      areaCode: 'HGQ',
      areaName: '海港区',
      communityName: '文化路小区',
      address: '文化路88号',
    },
    publishTime: status === 3 ? '2026-05-01T02:00:00.000Z' : null,
    price: 1_280_000,
    priceSquareMetre: 13264,
    rentPayStr: null,
    rentTypeStr: null,
    publishStatus: status,
    reviewNote: status === 4 ? '房源照片不清晰' : status === 6 ? '经核实房源已售出' : null,
    tagList: [{ id: 11, tagName: '满五唯一' }],
    confirmDeadline: status === 3 ? '2026-06-08T02:00:00.000Z' : null,
    correctionNote: null,
    correctionRequestedAt: null,
    checkCode: status === 3 ? 'QHD7K4M2Q9X8D' : null,
  };
}

const EDIT = listingEditFixture({ id: 1, checkId: 3, title: TITLES[1] ?? '', checkList: [11] });

function json(data: unknown, message = 'ok'): Response {
  return new Response(JSON.stringify({ code: '000000', message, data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

let calls: Array<{ method: string; path: string; body: unknown }>;

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      calls.push({ method, path: url.pathname, body });
      if (url.pathname === '/api/listings/mine')
        return Promise.resolve(
          json({
            list: [1, 2, 3, 4, 5, 6, 7, 8].map(card),
            total: 8,
            pageNum: 1,
            pageSize: 20,
          }),
        );
      if (url.pathname === '/api/listings/mine/1') return Promise.resolve(json(EDIT));
      if (url.pathname === '/api/legal/me/status') return Promise.resolve(json(consentedStatus()));
      if (url.pathname.endsWith('/audit')) return Promise.resolve(json({ publishStatus: 2 }));
      if (method === 'POST') return Promise.resolve(json(null));
      if (method === 'DELETE') return Promise.resolve(json(null, '删除成功'));
      return Promise.resolve(json([]));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const row = (status: number) => screen.getByRole('article', { name: TITLES[status] });
const buttonsOf = (status: number) =>
  within(row(status))
    .getAllByRole('button')
    .map((b) => b.textContent?.replace(/\s/g, ''));
/** A button of the newest dialog (an earlier one may still be closing). */
const dialogButton = (text: RegExp) =>
  within(screen.getAllByRole('dialog').at(-1) as HTMLElement).getByRole('button', { name: text });
const changes = () => calls.filter((c) => c.method !== 'GET');

async function renderPage() {
  renderWithProviders(<MySecondHandHouseRoute />, { url: '/mySecondHandHouse' });
  await screen.findByRole('article', { name: TITLES[1] });
}

describe('/mySecondHandHouse', () => {
  it('offers each state its actions, with its own label and reason', async () => {
    await renderPage();
    expect(buttonsOf(1)).toEqual(['编辑', '提交审核', '删除']);
    expect(buttonsOf(2)).toEqual(['撤回']);
    expect(buttonsOf(3)).toEqual(['确认在售', '编辑', '调价', '已成交', '撤回']);
    expect(buttonsOf(4)).toEqual(['编辑', '提交审核', '删除']);
    // 已撤回 keeps the actions of 已驳回 and never shows a rejection reason.
    expect(buttonsOf(5)).toEqual(['编辑', '提交审核', '删除']);
    expect(within(row(5)).getByText('已撤回')).toBeTruthy();
    expect(within(row(5)).queryByText(/驳回原因/)).toBeNull();
    expect(buttonsOf(6)).toEqual(['编辑', '提交审核', '删除']);
    expect(within(row(6)).getByText('已下架')).toBeTruthy();
    expect(within(row(6)).getByText('下架原因：经核实房源已售出')).toBeTruthy();
    expect(buttonsOf(7)).toEqual(['确认在售', '已成交', '撤回']);
    expect(within(row(7)).getByText('待确认在售')).toBeTruthy();
    expect(buttonsOf(8)).toEqual(['删除']);
    expect(within(row(2)).getByText('待审核')).toBeTruthy();
    expect(within(row(4)).getByText('驳回原因：房源照片不清晰')).toBeTruthy();
    expect(
      within(row(3)).getByText('请在 2026-06-08 前确认房源仍在售，逾期将暂停展示。'),
    ).toBeTruthy();
    expect(within(row(3)).getByRole('link', { name: 'QHD7K4M2Q9X8D' }).getAttribute('href')).toBe(
      '/verify?code=QHD7K4M2Q9X8D',
    );
    expect(within(row(3)).getByRole('link', { name: TITLES[3] })).toBeTruthy();
    // Any state opens its page: an unpublished one is the owner's preview.
    expect(within(row(1)).getByRole('link', { name: TITLES[1] }).getAttribute('href')).toBe(
      '/detailscs?id=1',
    );
  });

  it('confirms a listing is still available, and reprices a sale in 万', async () => {
    await renderPage();
    fireEvent.click(within(row(3)).getByRole('button', { name: /确认在售/ }));
    expect(await screen.findByText('已确认在售')).toBeTruthy();
    fireEvent.click(within(row(3)).getByRole('button', { name: /调\s?价/ }));
    const price = await screen.findByLabelText('新售价（万元）');
    fireEvent.change(price, { target: { value: '125' } });
    fireEvent.click(dialogButton(/确定调价/));
    expect(await screen.findByText('调价成功')).toBeTruthy();
    expect(changes()).toEqual([
      { method: 'POST', path: '/api/listings/3/confirm', body: null },
      { method: 'POST', path: '/api/listings/3/price', body: { price: 1_250_000 } },
    ]);
  });

  it("shows the server's reason when 确认在售 is refused, and no success", async () => {
    const refusal = '房源没有有效的产权核验，不能发布，请房东重新核验';
    const ok = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
        String(input).endsWith('/api/listings/7/confirm')
          ? Promise.resolve(
              new Response(JSON.stringify({ code: '70008', message: refusal, data: null }), {
                status: 409,
                headers: { 'content-type': 'application/json' },
              }),
            )
          : ok(input, init),
      ),
    );
    await renderPage();
    expect(
      within(row(7)).getByText('逾期未确认在售，房源已暂停展示；确认在售后即恢复展示。'),
    ).toBeTruthy();
    fireEvent.click(within(row(7)).getByRole('button', { name: /确认在售/ }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.queryByText('已确认在售')).toBeNull();
  });

  it('asks before submitting; 取消 says 已取消 and sends nothing, 确定 submits', async () => {
    await renderPage();
    fireEvent.click(within(row(1)).getByRole('button', { name: /提交审核/ }));
    expect(await screen.findByText('此操作将提交该信息, 是否继续?')).toBeTruthy();
    fireEvent.click(dialogButton(/^取\s?消$/));
    expect(await screen.findByText('已取消')).toBeTruthy();
    expect(changes()).toEqual([]);

    fireEvent.click(within(row(4)).getByRole('button', { name: /提交审核/ }));
    await screen.findByText('此操作将提交该信息, 是否继续?');
    fireEvent.click(dialogButton(/^确\s?定$/));
    expect(await screen.findByText('提交成功')).toBeTruthy();
    expect(changes()).toEqual([
      { method: 'POST', path: '/api/listings/4/audit', body: { operation: 1 } },
    ]);
  });

  it('asks before withdrawing, with the same cancel message', async () => {
    await renderPage();
    fireEvent.click(within(row(3)).getByRole('button', { name: /撤\s?回/ }));
    expect(await screen.findByText('此操作将撤回该信息, 是否继续?')).toBeTruthy();
    fireEvent.click(dialogButton(/^取\s?消$/));
    expect(await screen.findByText('已取消')).toBeTruthy();
    expect(changes()).toEqual([]);

    fireEvent.click(within(row(2)).getByRole('button', { name: /撤\s?回/ }));
    await screen.findByText('此操作将撤回该信息, 是否继续?');
    fireEvent.click(dialogButton(/^确\s?定$/));
    expect(await screen.findByText('操作成功')).toBeTruthy();
    expect(changes()).toEqual([
      { method: 'POST', path: '/api/listings/2/audit', body: { operation: 4 } },
    ]);
  });

  it('asks before deleting; 取消 says 已取消删除, 确定 deletes', async () => {
    await renderPage();
    fireEvent.click(within(row(4)).getByRole('button', { name: /删\s?除/ }));
    expect(await screen.findByText('此操作将永久删除该信息, 是否继续?')).toBeTruthy();
    fireEvent.click(dialogButton(/^取\s?消$/));
    expect(await screen.findByText('已取消删除')).toBeTruthy();
    expect(changes()).toEqual([]);

    fireEvent.click(within(row(1)).getByRole('button', { name: /删\s?除/ }));
    await screen.findByText('此操作将永久删除该信息, 是否继续?');
    fireEvent.click(dialogButton(/^确\s?定$/));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(changes()).toEqual([{ method: 'DELETE', path: '/api/listings/1', body: null }]);
  });

  it('opens the two-step edit dialog with the publish type locked', async () => {
    await renderPage();
    fireEvent.click(within(row(1)).getByRole('button', { name: /编\s?辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('编辑房源')).toBeTruthy();
    await within(dialog).findByText('核验通过');
    fireEvent.click(within(dialog).getByRole('button', { name: /^继\s?续$/ }));
    const typeSelect = await within(dialog).findByRole('combobox', { name: '发布类型' });
    expect(typeSelect.hasAttribute('disabled')).toBe(true);
    expect(typeSelect.closest('.ant-select')?.textContent).toBe('出售');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('小区名称') as HTMLInputElement).value).toBe(
        '文化路小区',
      ),
    );
    expect(calls.some((c) => c.path === '/api/listings/mine/1')).toBe(true);
  });
});
