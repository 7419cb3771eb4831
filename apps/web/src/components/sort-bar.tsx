import styles from './sort-bar.module.css';

/** One sort of a sort bar: a single code, or a descending and an ascending code it toggles. */
export interface SortOption<T extends string> {
  label: string;
  codes: readonly [T] | readonly [T, T];
}

interface SortBarProps<T extends string> {
  sorts: ReadonlyArray<SortOption<T>>;
  value: T;
  onChange: (value: T) => void;
  /** Wider buttons for a page bar; the default fills its box (the map panel). */
  variant?: 'fill' | 'inline';
}

/**
 * A row of sort buttons as the big portals show them (默认 | 单价 ↓ | 关注度 ↓): one click picks a
 * sort, a second click on the active one turns it from descending to ascending and back. The
 * active button is pressed (aria-pressed).
 */
export function SortBar<T extends string>({
  sorts,
  value,
  onChange,
  variant = 'fill',
}: SortBarProps<T>) {
  return (
    <div
      className={variant === 'inline' ? `${styles.bar} ${styles.inline}` : styles.bar}
      role="group"
      aria-label="排序"
    >
      {sorts.map((sort) => {
        const [descending, ascending] = sort.codes;
        const isActive = sort.codes.includes(value);
        const isAscending = ascending !== undefined && value === ascending;
        return (
          <button
            key={sort.label}
            type="button"
            className={isActive ? `${styles.button} ${styles.active}` : styles.button}
            aria-pressed={isActive}
            onClick={() => onChange(isActive && ascending && !isAscending ? ascending : descending)}
          >
            {sort.label}
            {ascending !== undefined && (
              <span aria-hidden>{isActive && isAscending ? '↑' : '↓'}</span>
            )}
          </button>
        );
      })}
    </div>
  );
}
