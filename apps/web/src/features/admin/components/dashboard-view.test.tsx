import { fireEvent, screen, within } from '@testing-library/react';
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

const VITALS = {
  from: '2026-03-02',
  to: '2026-03-08',
  days: 7,
  rows: [
    { page: '/newHouse', metric: 'LCP', p75: 2400, rating: 'good', samples: 40, goodShare: 0.8 },
    {
      page: '/newHouse',
      metric: 'INP',
      p75: 320,
      rating: 'needs-improvement',
      samples: 12,
      goodShare: 0.5,
    },
    { page: '/newHouse', metric: 'CLS', p75: 0.02, rating: 'good', samples: 40, goodShare: 1 },
  ],
};

/** Answers the dashboard and the real visits' figures; records the addresses asked. */
function stubApi() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const data = url.includes('/api/admin/web-vitals') ? VITALS : DASHBOARD;
    return Response.json({ code: '000000', message: '操作成功', data });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('DashboardView', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links every count into the queue filtered to exactly those rows', async () => {
    stubApi();
    renderWithProviders(<DashboardView />, { url: '/admin' });
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

describe('real visits’ figures on the dashboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows p75 per page type and metric for 7 days, filtered by device on request', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<DashboardView />, { url: '/admin' });
    const section = await screen.findByRole('region', { name: /真实访问体验/ });
    const inp = await within(section).findByRole('row', { name: /INP/ });
    expect(inp.textContent).toContain('/newHouse');
    expect(inp.textContent).toContain('320 ms');
    expect(inp.textContent).toContain('待改进');
    expect(within(section).getByRole('row', { name: /LCP/ }).textContent).toContain('2.4 s');
    expect(within(section).getByRole('row', { name: /CLS/ }).textContent).toContain('0.02');
    expect(section.textContent).toContain('2026-03-02 至 2026-03-08');

    fireEvent.click(within(section).getByText('手机'));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        '/api/admin/web-vitals?device=phone',
      ),
    );
  }, 60_000);
});
