import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import styles from './tab-strip.module.css';

export interface TabStripItem<K extends string> {
  key: K;
  label: ReactNode;
}

interface TabStripProps<K extends string> {
  /** The accessible name of the tab list (e.g. 房源类型). */
  label: string;
  items: ReadonlyArray<TabStripItem<K>>;
  activeKey: K;
  onChange: (key: K) => void;
  /**
   * Gives each tab the id `tabIdOf(idBase, key)` and points the active one at `panelId`, for a
   * strip whose content below is one `role="tabpanel"` (see `tabIdOf`).
   */
  idBase?: string;
  panelId?: string;
  className?: string;
}

/** The id of the tab `key` of a strip drawn with `idBase`, for the panel's `aria-labelledby`. */
export const tabIdOf = (idBase: string, key: string) => `${idBase}-tab-${key}`;

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * A row of tabs drawn as plain buttons: the look of the component library's tabs (a blue line
 * under the chosen one) without its code on the page's first load. Keys as the ARIA tabs
 * pattern asks: only the chosen tab is in the Tab order; ←/→, Home and End choose the next,
 * previous, first and last tab and move the focus to it. A strip wider than its box scrolls
 * sideways, the chosen tab in view.
 */
export function TabStrip<K extends string>({
  label,
  items,
  activeKey,
  onChange,
  idBase,
  panelId,
  className,
}: TabStripProps<K>) {
  const listRef = useRef<HTMLDivElement>(null);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    if (!move || items.length === 0) return;
    event.preventDefault();
    const current = Math.max(
      0,
      items.findIndex((item) => item.key === activeKey),
    );
    const next = move(current, items.length);
    const nextItem = items[next];
    if (!nextItem) return;
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
    if (nextItem.key !== activeKey) onChange(nextItem.key);
  };

  return (
    <div
      ref={listRef}
      className={className ? `${styles.strip} ${className}` : styles.strip}
      role="tablist"
      aria-label={label}
      onKeyDown={handleKeyDown}
    >
      {items.map((item) => {
        const isActive = item.key === activeKey;
        return (
          <button
            key={item.key}
            id={idBase ? tabIdOf(idBase, item.key) : undefined}
            type="button"
            role="tab"
            aria-selected={isActive}
            aria-controls={isActive ? panelId : undefined}
            tabIndex={isActive ? 0 : -1}
            className={isActive ? `${styles.tab} ${styles.active}` : styles.tab}
            onClick={() => {
              if (!isActive) onChange(item.key);
            }}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
