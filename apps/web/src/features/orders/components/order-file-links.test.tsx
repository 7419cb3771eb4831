import type { OrderFile } from '@portal/shared/schemas/orders';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { detailFixture, orderFixture } from '../order-fixtures';
import { OrderFileLinks } from './order-file-links';

const file = (sig: string): OrderFile => ({
  path: 'order/7/ab.pdf',
  name: '发票.pdf',
  url: `/oss/private/order/7/ab.pdf?expires=1&sig=${sig}`,
  downloadUrl: `/oss/private/order/7/ab.pdf?expires=1&sig=${sig}d&download=发票.pdf`,
});

/** The order detail the server answers, with the given invoice links. */
function answer(invoice: OrderFile): Response {
  const detail = detailFixture(orderFixture(7, { payStatus: 5, invoiceList: [invoice] }), []);
  return new Response(JSON.stringify({ code: '000000', message: 'ok', data: detail }), {
    headers: { 'content-type': 'application/json' },
  });
}

/** Waits until the order detail the component asked for has arrived. */
async function loaded(fetchMock: ReturnType<typeof vi.fn>) {
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('OrderFileLinks', () => {
  it('says 暂无 when the order has no such file', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer(file('a')))),
    );
    renderWithProviders(<OrderFileLinks orderId={7} kind="receiptList" files={[]} label="收据" />);
    expect(screen.getByText('暂无')).toBeTruthy();
  });

  it('shows a fresh invoice in the dialog and downloads it under its name', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(answer(file('fresh'))));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <OrderFileLinks orderId={7} kind="invoiceList" files={[file('fresh')]} label="发票" />,
    );
    await loaded(fetchMock);
    expect(screen.getByText(/^发票：/)).toBeTruthy();
    const download = screen.getByRole('link', { name: '下载' });
    expect(download.getAttribute('download')).toBe('发票.pdf');
    expect(download.getAttribute('href')).toBe(file('fresh').downloadUrl);

    fireEvent.click(screen.getByRole('link', { name: '查看' }));
    const frame = await screen.findByTitle('发票');
    expect(frame.getAttribute('src')).toBe(file('fresh').url);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fetches fresh links first when the page has been open longer than they live', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(answer(file('renewed'))));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <OrderFileLinks orderId={7} kind="invoiceList" files={[file('old')]} label="发票" />,
    );
    await loaded(fetchMock);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 26 * 60_000);

    fireEvent.click(screen.getByRole('link', { name: '查看' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const frame = await screen.findByTitle('发票');
    expect(frame.getAttribute('src')).toBe(file('renewed').url);
  });
});
