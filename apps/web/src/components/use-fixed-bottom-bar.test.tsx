import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFixedBottomBar } from './use-fixed-bottom-bar';

const clearance = () => document.documentElement.style.getPropertyValue('--portal-fixed-bottom');
const tabBarSteppedAside = () => document.documentElement.hasAttribute('data-fixed-bottom');

describe('useFixedBottomBar', () => {
  it('lifts the floating buttons while the bar is shown and lets them down after', () => {
    const { rerender, unmount } = renderHook(({ active }) => useFixedBottomBar(64, active), {
      initialProps: { active: true },
    });
    expect(clearance()).toBe('64px');
    expect(tabBarSteppedAside()).toBe(true);
    rerender({ active: false });
    expect(clearance()).toBe('');
    expect(tabBarSteppedAside()).toBe(false);
    rerender({ active: true });
    unmount();
    expect(clearance()).toBe('');
    expect(tabBarSteppedAside()).toBe(false);
  });
});
