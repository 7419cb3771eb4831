import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { HomeSearch } from './home-search';

async function chooseSecondHand() {
  fireEvent.mouseDown(within(screen.getByRole('search')).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle('二手房'));
}

describe('HomeSearch', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens the new-house list with the keyword in a new tab', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderWithProviders(<HomeSearch />);
    fireEvent.change(screen.getByRole('textbox', { name: '搜索关键词' }), {
      target: { value: ' 海景花园 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    expect(open).toHaveBeenCalledWith(
      '/newHouse?keyword=%E6%B5%B7%E6%99%AF%E8%8A%B1%E5%9B%AD',
      '_blank',
      'noopener',
    );
  });

  it('opens the second-hand list in place', async () => {
    const { router } = renderWithProviders(<HomeSearch />);
    await chooseSecondHand();
    fireEvent.change(screen.getByRole('textbox', { name: '搜索关键词' }), {
      target: { value: '北戴河' },
    });
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    expect(router.state.location.pathname).toBe('/secondhandhouse');
    expect(router.state.location.search).toBe('?keyword=%E5%8C%97%E6%88%B4%E6%B2%B3');
  });

  it('opens the map', () => {
    const { router } = renderWithProviders(<HomeSearch />);
    fireEvent.click(screen.getByRole('button', { name: /地图找房/ }));
    expect(router.state.location.pathname).toBe('/map');
  });
});
