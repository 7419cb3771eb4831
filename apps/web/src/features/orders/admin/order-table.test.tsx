import type { AdminOrderRow } from '@portal/shared/schemas/orders/admin';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { OrderTable } from './order-table';

function order(patch: Partial<AdminOrderRow>): AdminOrderRow {
  return {
    id: 1,
    orderNo: 'DJ202603080001',
    userId: 9,
    realName: '张三',
    phone: '13800000001',
    houseName: '海港花园 1号楼1单元1801',
    door: '1801',
    lockMoney: 10000,
    payStatus: 3,
    refundStatus: 1,
    refundIntention: null,
    refundRemark: null,
    refundApplyTime: null,
    refundFailReason: null,
    netsignnum: null,
    netsignTime: null,
    payTime: '2026-03-08T02:00:00.000Z',
    createdAt: '2026-03-08T01:50:00.000Z',
    invoiceUrls: [],
    receiptUrls: [],
    ...patch,
  };
}

describe('OrderTable', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('searches with the filters of its URL and offers the right action per order', async () => {
    const fetchMock = vi.fn(async (_url: string) =>
      Response.json({
        code: '000000',
        message: '操作成功',
        data: {
          list: [
            order({
              id: 1,
              orderNo: 'DJ202603080001',
              payStatus: 7,
              refundStatus: 3,
              refundFailReason: '银行退款失败：账户状态异常',
              netsignnum: 'WQ2026001',
              netsignTime: '2026-03-08T03:00:00.000Z',
            }),
            order({
              id: 2,
              orderNo: 'DJ202603080002',
              payStatus: 4,
              refundStatus: 2,
              netsignnum: 'WQ2026002',
              netsignTime: '2026-03-08T03:00:00.000Z',
            }),
            order({ id: 3, orderNo: 'DJ202603080003', payStatus: 4, refundStatus: 2 }),
          ],
          total: 3,
          pageNum: 1,
          pageSize: 20,
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<OrderTable />, {
      url: '/admin/orders?createdFrom=2026-03-08&createdTo=2026-03-08&payStatus=7',
    });

    const failedRow = (await screen.findByText('DJ202603080001')).closest('tr') as HTMLElement;
    const requested = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(requested.pathname).toBe('/api/admin/orders');
    expect(Object.fromEntries(requested.searchParams)).toMatchObject({
      createdFrom: '2026-03-08',
      createdTo: '2026-03-08',
      payStatus: '7',
      pageNum: '1',
    });
    expect(within(failedRow).getByText('退款失败')).toBeTruthy();
    expect(within(failedRow).getByText('重新退款')).toBeTruthy();

    const signedRow = screen.getByText('DJ202603080002').closest('tr') as HTMLElement;
    expect(within(signedRow).getByText('确认退款')).toBeTruthy();
    expect(within(signedRow).queryByText('驳回退款')).toBeNull();

    const appliedRow = screen.getByText('DJ202603080003').closest('tr') as HTMLElement;
    expect(within(appliedRow).getByText('驳回退款')).toBeTruthy();
    expect(screen.getByText('清除筛选')).toBeTruthy();
  }, 60_000); // The first antd table render is slow on a busy machine.
});
