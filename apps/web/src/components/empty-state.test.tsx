import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('says 暂无数据 by default', () => {
    render(<EmptyState />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });

  it('shows the given text instead', () => {
    render(<EmptyState description="暂未查到您想查的楼盘" />);
    expect(screen.getByText('暂未查到您想查的楼盘')).toBeTruthy();
    expect(screen.queryByText('暂无数据')).toBeNull();
  });
});
