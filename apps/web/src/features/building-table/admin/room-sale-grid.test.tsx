import type { AdminRoom } from '@portal/shared/schemas/building-table/admin';
import type { AdminProjectDetail } from '@portal/shared/schemas/projects/admin';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { RoomSaleGrid } from './room-sale-grid';

function room(id: number, patch: Partial<AdminRoom>): AdminRoom {
  return {
    id,
    unitName: '1单元',
    floor: 18,
    houseMapName: `180${id}`,
    saleStatus: 'gray',
    orientation: '2',
    houseModelId: null,
    buildArea: 98.5,
    currentPrice: 13_000,
    totalPrice: 1_280_500,
    hasLiveOrder: false,
    saleBlock: null,
    licensed: true,
    ...patch,
  };
}

describe('RoomSaleGrid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('locks a sold (net-signed) flat and one with a pending refund, and says why', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          code: '000000',
          message: '操作成功',
          data: [
            room(1, { saleBlock: 'netsigned' }),
            room(2, { saleBlock: 'refunding' }),
            room(3, { saleStatus: 'green' }),
          ],
        }),
      ),
    );
    const project = { buildings: [{ id: 7, tabletNum: '1号楼' }] } as AdminProjectDetail;
    renderWithProviders(<RoomSaleGrid project={project} />);

    const sold = (await screen.findByLabelText(
      '选择1单元1801（已网签（已售））',
    )) as HTMLInputElement;
    expect(sold.disabled).toBe(true);
    expect(screen.getByText('已网签（已售）')).toBeTruthy();
    const refunding = screen.getByLabelText('选择1单元1802（退款处理中）') as HTMLInputElement;
    expect(refunding.disabled).toBe(true);
    const free = screen.getByLabelText('选择1单元1803') as HTMLInputElement;
    expect(free.disabled).toBe(false);
    expect(
      (screen.getByRole('button', { name: '修改1单元1801的价格' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: '修改1单元1802的价格' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  }, 60_000); // The first antd table render is slow on a busy machine.

  it('reprices a free room: shows the new total and sends the unit price', async () => {
    const calls: Array<{ url: string; method: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const method = init?.method ?? 'GET';
        calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : null });
        const data =
          method === 'PUT'
            ? { id: 3, currentPrice: 14_000, totalPrice: 1_379_000 }
            : [room(3, { saleStatus: 'green' })];
        return Response.json({ code: '000000', message: '价格已修改', data });
      }),
    );
    const project = { buildings: [{ id: 7, tabletNum: '1号楼' }] } as AdminProjectDetail;
    renderWithProviders(<RoomSaleGrid project={project} />);

    fireEvent.click(await screen.findByRole('button', { name: '修改1单元1803的价格' }));
    const input = await screen.findByLabelText('新单价（元/㎡）');
    fireEvent.change(input, { target: { value: '14000' } });
    expect(await screen.findByText('新总价：1,379,000 元')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toContain('/api/admin/rooms/3/price');
    expect(put?.body).toEqual({ currentPrice: 14_000 });
  }, 60_000);

  it('keeps the rooms of a building without a pre-sale licence off sale, prices still editable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          code: '000000',
          message: '操作成功',
          data: [room(4, { licensed: false })],
        }),
      ),
    );
    const project = { buildings: [{ id: 8, tabletNum: '2号楼' }] } as AdminProjectDetail;
    renderWithProviders(<RoomSaleGrid project={project} />);

    const unlicensed = (await screen.findByLabelText(
      '选择1单元1804（未取得预售许可证，不能上架）',
    )) as HTMLInputElement;
    expect(unlicensed.disabled).toBe(true);
    expect(screen.getByText('该楼栋未取得预售许可证：房间不能上架，不可缴纳订约金')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: '修改1单元1804的价格' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  }, 60_000);
});
