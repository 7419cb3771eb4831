import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TabStrip, tabIdOf } from './tab-strip';

const ITEMS = [
  { key: 'a', label: '出售' },
  { key: 'b', label: '出租' },
  { key: 'c', label: '求购' },
] as const;

function Strip({ onChange }: { onChange?: (key: string) => void }) {
  const [active, setActive] = useState<string>('a');
  return (
    <>
      <TabStrip
        label="房源类型"
        idBase="t"
        panelId="t-panel"
        items={ITEMS}
        activeKey={active}
        onChange={(key) => {
          onChange?.(key);
          setActive(key);
        }}
      />
      <div id="t-panel" role="tabpanel" aria-labelledby={tabIdOf('t', active)}>
        {active}
      </div>
    </>
  );
}

describe('TabStrip', () => {
  it('marks the chosen tab, keeps only it in the Tab order and names the panel by it', () => {
    render(<Strip />);
    expect(screen.getByRole('tablist', { name: '房源类型' })).toBeTruthy();
    const chosen = screen.getByRole('tab', { name: '出售', selected: true });
    expect(chosen.getAttribute('tabindex')).toBe('0');
    expect(chosen.getAttribute('aria-controls')).toBe('t-panel');
    expect(
      screen.getByRole('tab', { name: '出租', selected: false }).getAttribute('tabindex'),
    ).toBe('-1');
    expect(screen.getByRole('tabpanel', { name: '出售' }).textContent).toBe('a');
  });

  it('chooses a tab on click, and not again when it is already chosen', () => {
    const onChange = vi.fn();
    render(<Strip onChange={onChange} />);
    fireEvent.click(screen.getByRole('tab', { name: '出租' }));
    expect(onChange).toHaveBeenCalledWith('b');
    expect(screen.getByRole('tabpanel', { name: '出租' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '出租' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('moves with the arrow keys, Home and End, round the ends, focus following', () => {
    render(<Strip />);
    const first = screen.getByRole('tab', { name: '出售' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: '求购', selected: true })).toBe(document.activeElement);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: '出售', selected: true })).toBe(document.activeElement);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(screen.getByRole('tab', { name: '求购', selected: true })).toBe(document.activeElement);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(screen.getByRole('tab', { name: '出售', selected: true })).toBe(document.activeElement);
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(screen.getByRole('tab', { name: '出售', selected: true })).toBeTruthy();
  });
});
