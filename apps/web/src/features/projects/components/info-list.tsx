import { MISSING_VALUE } from '@portal/shared/format';
import type { ReactNode } from 'react';
import styles from './project-sections.module.css';

export interface InfoEntry {
  label: string;
  /** null, undefined or an empty string shows 暂无 (docs/product/new-build.md). */
  value: ReactNode;
}

/** Label–value pairs in two columns; a missing value shows 暂无. */
export function InfoList({ entries, columns = 2 }: { entries: InfoEntry[]; columns?: 1 | 2 | 3 }) {
  return (
    <dl className={styles.info} style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
      {entries.map((entry) => (
        <div key={entry.label} className={styles.infoRow}>
          <dt>{entry.label}：</dt>
          <dd>
            {entry.value === null || entry.value === undefined || entry.value === ''
              ? MISSING_VALUE
              : entry.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
