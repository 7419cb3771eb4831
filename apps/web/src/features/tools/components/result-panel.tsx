import { Alert } from 'antd';
import type { ReactNode } from 'react';
import styles from './tools.module.css';

export interface ResultItem {
  label: string;
  value: string;
  unit: string;
}

/** Label–figure pairs of a result, two columns wide where there is room. */
export function FigureList({ items }: { items: ResultItem[] }) {
  return (
    <dl className={styles.figures}>
      {items.map((item) => (
        <div key={item.label} className={styles.figure}>
          <dt>{item.label}</dt>
          <dd>
            <strong>{item.value}</strong> {item.unit}
          </dd>
        </div>
      ))}
    </dl>
  );
}

interface ResultPanelProps {
  items: ResultItem[];
  /** Tips or warnings shown above the figures; they never replace the figures. */
  notices?: string[];
  children?: ReactNode;
}

/** The "计算结果" block of every calculator, with the reference-only note (docs/product/calculators.md). */
export function ResultPanel({ items, notices = [], children }: ResultPanelProps) {
  return (
    <section className={styles.result} aria-label="计算结果">
      <h3 className={styles.resultTitle}>计算结果</h3>
      {notices.map((notice) => (
        <Alert key={notice} type="warning" showIcon title={notice} className={styles.notice} />
      ))}
      <FigureList items={items} />
      {children}
      <p className={styles.reference}>
        以上计算结果仅供参考，实际以银行、公积金中心及税务部门核定为准。
      </p>
    </section>
  );
}

/** The error that stopped a calculation, shown where the result would be. */
export function ResultError({ message }: { message: string }) {
  return <Alert type="error" showIcon title={message} role="alert" className={styles.notice} />;
}
