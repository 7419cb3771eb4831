import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { DashboardView } from './dashboard-view';

const DASHBOARD = {
  todayOrders: [
    { payStatus: 1, count: 2 },
    { payStatus: 3, count: 5 },
  ],
  todayOrderTotal: 7,
  listingsPending: 4,
  feedbackPending: 1,
  refundsPending: 3,
  refundsFailed: 2,
  newUsersToday: 6,
  usersTotal: 120,
  today: '2026-03-08',
};

describe('DashboardView', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links every count into the queue filtered to exactly those rows', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: '000000', message: '操作成功', data: DASHBOARD })),
    );
    renderWithProviders(<DashboardView />, {
      registered: ['admin', 'adminOrders', 'adminUsers', 'adminListings', 'adminFeedback'],
      url: '/admin',
    });
    const today = 'createdFrom=2026-03-08&createdTo=2026-03-08';
    const href = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

    expect((await screen.findByRole('link', { name: '查看今日订单' })).getAttribute('href')).toBe(
      `/admin/orders?${today}`,
    );
    expect(href('已支付')).toBe(`/admin/orders?${today}&payStatus=3`);
    expect(href('待支付')).toBe(`/admin/orders?${today}&payStatus=1`);
    expect(href('去处理')).toBe('/admin/orders?refundStatus=2');
    expect(href('去重新退款')).toBe('/admin/orders?payStatus=7');
    expect(href(/共 120 位用户/)).toBe(`/admin/users?${today}`);
    expect(href('去审核')).toBe('/admin/listings');
    expect(href('去回复')).toBe('/admin/feedback');
  }, 60_000); // The first antd table render is slow on a busy machine.
});
