import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { BottomTabBar, tabOf } from './bottom-tab-bar';

const tabs = () =>
  within(screen.getByRole('navigation', { name: '底部导航' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('BottomTabBar', () => {
  it('offers 首页, 新房, 二手房, 消息 and 我的', () => {
    renderWithProviders(<BottomTabBar />, { url: '/home' });
    expect(tabs()).toEqual(['首页', '新房', '二手房', '消息', '我的']);
    expect(screen.getByRole('link', { name: '首页' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '消息' }).getAttribute('href')).toBe('/myNotice');
  });

  it('highlights the section of the page: a project under 新房, an order under 我的', () => {
    expect(tabOf('/houseHome')).toBe('newHouse');
    expect(tabOf('/detailscs')).toBe('secondhandhouse');
    expect(tabOf('/myOrder')).toBe('myInfomation');
    expect(tabOf('/myNotice')).toBe('myNotice');
    expect(tabOf('/')).toBe('home');
    expect(tabOf('/tool')).toBeNull();
    renderWithProviders(<BottomTabBar />, { url: '/houseHome?id=3' });
    expect(screen.getByRole('link', { name: '新房' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '首页' }).getAttribute('aria-current')).toBeNull();
  });

  it('scrolls back to the top when the current tab is tapped, and goes to another tab', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { router } = renderWithProviders(<BottomTabBar />, { url: '/newHouse?areaCode=HGQ' });
    fireEvent.click(screen.getByRole('link', { name: '新房' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(router.state.location.search).toBe('?areaCode=HGQ');
    fireEvent.click(screen.getByRole('link', { name: '二手房' }));
    expect(router.state.location.pathname).toBe('/secondhandhouse');
    scrollTo.mockRestore();
  });
});
