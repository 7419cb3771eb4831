import type { PriceHistory } from '@portal/shared/schemas/price-history';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PriceHistoryPanel, PriceHistoryView } from './price-history-panel';

// The canvas itself is drawn in the browser journeys; here the chart shows the points it was given.
vi.mock('../echart', () => ({
  EChart: ({ option, label }: { option: { series: Array<{ data: unknown }> }; label: string }) => (
    <div role="img" aria-label={label} data-points={JSON.stringify(option.series[0]?.data)} />
  ),
}));

const project: PriceHistory = {
  kind: 'project',
  id: 7,
  unit: 'yuanPerSquareMetre',
  currentPrice: 8730,
  since: '2026-01-05T02:00:00.000Z',
  changes: [
    { changedAt: '2026-03-01T02:00:00.000Z', oldPrice: 9000, newPrice: 9100, changePercent: 1.1 },
    { changedAt: '2026-05-20T17:00:00.000Z', oldPrice: 9100, newPrice: 8730, changePercent: -4.1 },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('价格走势', () => {
  it('draws the step chart and lists each change newest first with its date and change', async () => {
    renderWithProviders(<PriceHistoryView history={project} label="测试楼盘平台价走势图" />);
    const chart = await screen.findByRole('img', { name: '测试楼盘平台价走势图' });
    const points = JSON.parse(chart.getAttribute('data-points') ?? '[]') as Array<[string, number]>;
    expect(points.slice(0, 3)).toEqual([
      ['2026-01-05T02:00:00.000Z', 9000],
      ['2026-03-01T02:00:00.000Z', 9100],
      ['2026-05-20T17:00:00.000Z', 8730],
    ]);
    const rows = within(screen.getByRole('table', { name: '调价记录' })).getAllByRole('row');
    // 17:00 UTC on 20 May is 21 May in Beijing.
    expect(rows[1]?.textContent).toBe('2026-05-219,100元/㎡ → 8,730元/㎡▼ 下降 -4.1%');
    expect(rows[2]?.textContent).toBe('2026-03-019,000元/㎡ → 9,100元/㎡▲ 上涨 +1.1%');
  });

  it('shows the current price and 暂无调价记录 instead of an empty chart', () => {
    renderWithProviders(
      <PriceHistoryView
        history={{
          ...project,
          kind: 'listing',
          unit: 'yuan',
          currentPrice: 1_280_000,
          changes: [],
        }}
        label="房源价格走势图"
      />,
    );
    expect(screen.getByText('暂无调价记录')).toBeTruthy();
    expect(screen.getByText('128万')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('reads a listing history from the public endpoint, and shows nothing when it is not public', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const body = url.endsWith('/api/price-history/listings/5')
        ? {
            code: '000000',
            message: 'ok',
            data: {
              ...project,
              kind: 'listing',
              unit: 'yuanPerMonth',
              currentPrice: 2300,
              changes: [
                {
                  changedAt: '2026-04-02T02:00:00.000Z',
                  oldPrice: 2500,
                  newPrice: 2300,
                  changePercent: -8,
                },
              ],
            },
          }
        : { code: '10404', message: '房源不存在', data: null };
      return new Response(JSON.stringify(body), {
        status: body.code === '000000' ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderWithProviders(
      <>
        <PriceHistoryPanel kind="listing" id={5} label="出租房源价格走势图" />
        <div data-testid="hidden">
          <PriceHistoryPanel kind="listing" id={6} label="未发布房源" />
        </div>
      </>,
    );
    expect(await screen.findByText('2,500元/月 → 2,300元/月')).toBeTruthy();
    expect(screen.getByText('▼ 下降 -8.0%')).toBeTruthy();
    expect(screen.getByRole('region', { name: '价格走势' })).toBeTruthy();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await vi.waitFor(() =>
      expect(within(screen.getByTestId('hidden')).queryByRole('region')).toBeNull(),
    );
    expect(container.querySelectorAll('section')).toHaveLength(1);
  });
});
