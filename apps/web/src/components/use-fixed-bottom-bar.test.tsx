import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFixedBottomBar } from './use-fixed-bottom-bar';

const clearance = () => document.documentElement.style.getPropertyValue('--portal-fixed-bottom');

describe('useFixedBottomBar', () => {
  it('lifts the floating buttons while the bar is shown and lets them down after', () => {
    const { rerender, unmount } = renderHook(({ active }) => useFixedBottomBar(64, active), {
      initialProps: { active: true },
    });
    expect(clearance()).toBe('64px');
    rerender({ active: false });
    expect(clearance()).toBe('');
    rerender({ active: true });
    unmount();
    expect(clearance()).toBe('');
  });
});
