import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { compareStore } from '../../../features/compare/lib/compare-store';
import { renderWithProviders } from '../../../test/render';
import CompareRoute from './compare';

afterEach(() => {
  compareStore.clear('project');
  compareStore.clear('listing');
});

describe('/compare opened without anything to compare', () => {
  it('explains how to add projects or listings and links to both lists', () => {
    renderWithProviders(<CompareRoute />, { url: '/compare' });
    const guide = screen.getByLabelText('如何对比');
    expect(guide.textContent).toContain('请至少选择 2 个（最多 4 个）楼盘或二手房源进行对比');
    expect(guide.textContent).toContain('点击「对比」加入对比栏');
    expect(guide.textContent).toContain('「开始对比」');
    expect(screen.getByRole('link', { name: /去新房挑选楼盘/ }).getAttribute('href')).toBe(
      '/newHouse',
    );
    expect(screen.getByRole('link', { name: /去二手房挑选房源/ }).getAttribute('href')).toBe(
      '/secondhandhouse',
    );
    expect(screen.queryByRole('button', { name: /对比已选的/ })).toBeNull();
  });

  it('offers to compare what the compare bar already holds', async () => {
    compareStore.toggle('listing', { id: 11, name: '海景小区 3室' });
    compareStore.toggle('listing', { id: 12, name: '金海湾 2室' });
    compareStore.toggle('project', { id: 5, name: '海韵花园' });
    const { router } = renderWithProviders(<CompareRoute />, { url: '/compare' });
    // One project is not enough to compare; two listings are.
    expect(screen.queryByRole('button', { name: /对比已选的 1 个楼盘/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /对比已选的 2 个房源/ }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/compare?type=listing&ids=11%2C12',
      ),
    );
  });
});
