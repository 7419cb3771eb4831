import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { readListingSearch, withFilter } from '../lib/listing-filters';
import { CommunityFilter } from './community-filter';

function answer(data: unknown): Response {
  return new Response(JSON.stringify({ code: '000000', message: 'ok', data }), {
    headers: { 'content-type': 'application/json' },
  });
}

/** The 小区 box wired to the URL as /secondhandhouse wires it. */
function Harness() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readListingSearch(searchParams);
  return (
    <CommunityFilter
      type={state.type}
      value={state.filters.community}
      onChange={(name) => setSearchParams((current) => withFilter(current, 'community', name))}
    />
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('小区 box of /secondhandhouse', { timeout: 20_000 }, () => {
  it('suggests after a Chinese character, filters on a choice and clears the filter', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        answer([
          { name: '海景花园', count: 3 },
          { name: '海景湾', count: 1 },
        ]),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderWithProviders(<Harness />, { url: '/secondhandhouse?pageNum=2' });
    const box = screen.getByRole('combobox', { name: '小区名称' });

    fireEvent.change(box, { target: { value: 'hj' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(box, { target: { value: '海景' } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const asked = new URL(String(fetchMock.mock.calls[0]?.[0 as never]), 'http://x');
    expect(asked.pathname).toBe('/api/listings/communities');
    expect(asked.searchParams.get('keyword')).toBe('海景');
    expect(asked.searchParams.get('type')).toBe('1');

    // The drop-down row (not antd's hidden accessibility copy of the option).
    const option = (await screen.findAllByText('海景花园')).find((node) =>
      node.closest('.ant-select-item-option'),
    );
    expect(option).toBeDefined();
    expect(screen.getByText('3套')).toBeDefined();
    fireEvent.click(option as HTMLElement);
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('community')).toBe('海景花园'),
    );
    expect(router.state.location.search).not.toContain('pageNum');
    expect(box).toHaveProperty('value', '海景花园');

    fireEvent.change(box, { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows the community of the URL', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer([]))),
    );
    renderWithProviders(<Harness />, { url: '/secondhandhouse?type=2&community=海景湾' });
    expect(screen.getByRole('combobox', { name: '小区名称' })).toHaveProperty('value', '海景湾');
  });
});
