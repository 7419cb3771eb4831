import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOURISM_URL } from '../../config/site';
import { renderWithProviders } from '../../test/render';
import { MainNav } from './main-nav';

const navLinks = () =>
  within(screen.getByRole('navigation', { name: '主导航' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('MainNav', () => {
  it('shows the spec’s items in order, the tourism page among them in a new tab', () => {
    renderWithProviders(<MainNav />, { url: '/home' });
    expect(navLinks()).toEqual([
      '首页',
      '新房',
      '二手房',
      '数据分析房价走势',
      '政策资讯政策新闻',
      '互动交流咨询留言',
      '滨海旅游',
      '家装建材',
      '关于我们',
      '地图找房',
      '发布房源卖房出租',
    ]);
    const tourism = screen.getByRole('link', { name: '滨海旅游' });
    expect(tourism.getAttribute('target')).toBe('_blank');
    expect(tourism.getAttribute('href')).toBe(TOURISM_URL);
    expect(screen.getByRole('link', { name: '首页' }).getAttribute('aria-current')).toBe('page');
  });

  it('carries everyday words for 长辈版 beside a jargon label, one of them shown by the mode', () => {
    renderWithProviders(<MainNav />, { url: '/home' });
    const link = within(screen.getByRole('navigation', { name: '主导航' })).getByRole('link', {
      name: /数据分析/,
    });
    expect(link.querySelector('.care-off-only')?.textContent).toBe('数据分析');
    expect(link.querySelector('.care-on-only')?.textContent).toBe('房价走势');
  });

  it('highlights the section of the page', () => {
    renderWithProviders(<MainNav />, { url: '/houseHome?id=3' });
    expect(screen.getByRole('link', { name: '新房' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '首页' }).getAttribute('aria-current')).toBeNull();
  });

  it('offers 我要出租 and 我要出售 under 二手房', async () => {
    vi.useFakeTimers();
    const { router } = renderWithProviders(<MainNav />, { url: '/home' });
    fireEvent.mouseEnter(screen.getByRole('link', { name: /二手房/ }));
    await act(async () => vi.advanceTimersByTimeAsync(500));
    vi.useRealTimers();
    fireEvent.click(await screen.findByText('我要出租'));
    expect(router.state.location.pathname + router.state.location.search).toBe('/addhouse?type=2');
  });
});
