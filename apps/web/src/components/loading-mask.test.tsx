import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingMask } from './loading-mask';

describe('LoadingMask', () => {
  it('covers the page with the default waiting text', () => {
    render(<LoadingMask />);
    expect(screen.getByRole('status').textContent).toContain('数据加载中,请稍后...');
  });

  it('shows a custom text', () => {
    render(<LoadingMask text="正在提交..." />);
    expect(screen.getByText('正在提交...')).toBeTruthy();
  });

  it('shows nothing when hidden', () => {
    render(<LoadingMask isVisible={false} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
