import type { AdminProjectDetail, AdminRoom } from '@portal/shared/schemas/admin';
import { screen } from '@testing-library/react';
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
    buildArea: 98.5,
    totalPrice: 1_280_000,
    hasLiveOrder: false,
    saleBlock: null,
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
  }, 60_000); // The first antd table render is slow on a busy machine.
});
