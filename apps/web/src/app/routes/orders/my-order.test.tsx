import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { orderFixture, paidFixture } from '../../../features/orders/order-fixtures';
import { ApiError, apiGet, apiPost, request } from '../../../lib/api-client';
import type * as ApiClient from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import MyOrderRoute from './my-order';

vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiGet: vi.fn(),
  apiPost: vi.fn(),
  request: vi.fn(),
  requestEnvelope: vi.fn(),
}));
const mockedGet = vi.mocked(apiGet);
const mockedRequest = vi.mocked(request);

const ORDERS = [
  orderFixture(1),
  paidFixture(2, 120.5),
  paidFixture(3, 100, {
    payStatus: 4,
    refundStatus: 2,
    refundIntention: 1,
    refundOrderNo: 'TK2026051214300000003',
  }),
  paidFixture(4, 0, {
    payStatus: 5,
    refundStatus: 3,
    refundIntention: 2,
    refundResult: '订约金已原路退还',
    refundOrderNo: 'TK2026051214300000004',
    lockReleasedAt: new Date().toISOString(),
  }),
  paidFixture(5, 0, { payStatus: 7, refundOrderNo: 'TK2026051214300000005' }),
  orderFixture(6, { payStatus: 42 }),
];

beforeEach(() => {
  mockedGet.mockReset();
  mockedRequest.mockReset();
  vi.mocked(apiPost).mockReset();
  mockedGet.mockResolvedValue({ list: ORDERS, total: ORDERS.length, pageNum: 1, pageSize: 10 });
});

const row = (id: number) =>
  screen.getByRole('article', { name: ORDERS.find((o) => o.id === id)?.houseName });

describe('/myOrder', () => {
  it('shows the fields that each pay status calls for', async () => {
    renderWithProviders(<MyOrderRoute />, { url: '/myOrder' });
    await screen.findByRole('article', { name: ORDERS[0]?.houseName });
    expect(within(row(1)).getByRole('timer').textContent).toMatch(/^缴费时间剩余2[45]分钟\d+秒$/);
    expect(within(row(1)).queryByText(/延期状态/)).toBeNull();
    expect(within(row(2)).getByText('退款状态：未申请')).toBeTruthy();
    expect(within(row(2)).getByText('延期状态：未延期')).toBeTruthy();
    expect(within(row(2)).getByRole('timer').textContent).toMatch(
      /^剩余5天\d+小时\d+分钟\d+秒解锁$/,
    );
    expect(within(row(3)).getByText('退款意向：仅退款')).toBeTruthy();
    expect(within(row(3)).getByText('退款单号：TK2026051214300000003')).toBeTruthy();
    expect(within(row(3)).queryByText(/退款状态/)).toBeNull();
    expect(within(row(4)).getByText('退款结果：订约金已原路退还')).toBeTruthy();
    expect(within(row(4)).getByText('退款单号：TK2026051214300000004')).toBeTruthy();
    expect(within(row(4)).queryByText(/退款意向/)).toBeNull();
    expect(within(row(5)).getByText('退款单号：TK2026051214300000005')).toBeTruthy();
    expect(within(row(6)).getByText('未知状态')).toBeTruthy();
    expect(mockedGet).toHaveBeenCalledWith(
      '/api/orders',
      { pageNum: 1, pageSize: 10 },
      { toast: true },
    );
  });

  it('shows the list text of a failed house-order precheck and never goes to the bank', async () => {
    mockedRequest.mockRejectedValue(new ApiError('60005', '房源锁定已失效', 409));
    renderWithProviders(<MyOrderRoute />, { url: '/myOrder' });
    await screen.findByRole('article', { name: ORDERS[0]?.houseName });
    fireEvent.click(within(row(1)).getByRole('button', { name: '继续支付' }));
    expect(await screen.findByText('当前房源锁定失败，无法创建网签信息')).toBeTruthy();
    expect(mockedRequest).toHaveBeenCalledWith('/api/orders/1/precheck');
    await waitFor(() =>
      expect(within(row(1)).getByRole('button', { name: '继续支付' })).toBeTruthy(),
    );
    expect(mockedRequest).not.toHaveBeenCalledWith('/api/orders/1/pay', expect.anything());
  });
});
