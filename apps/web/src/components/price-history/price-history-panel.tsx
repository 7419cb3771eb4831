import { beijingDate } from '@portal/shared/beijing-time';
import { describeChangePercent } from '@portal/shared/domain/price-history';
import type { PriceHistory, PriceSubjectKind } from '@portal/shared/schemas/price-history';
import { Spin } from 'antd';
import { Suspense } from 'react';
import { lazyNamed } from '../../lib/deferred';
import { SectionPanel } from '../section-panel';
import { formatHistoryPrice } from './price-format';
import { usePriceHistory } from './price-history-api';
import styles from './price-history.module.css';

const PriceChart = lazyNamed(() => import('./price-chart'), 'PriceChart');

/**
 * 价格走势: a price's chart and its 调价记录 (date, old → new, change), newest first; with no
 * change yet, the current price and 暂无调价记录 instead of an empty chart.
 */
export function PriceHistoryView({ history, label }: { history: PriceHistory; label: string }) {
  const current = formatHistoryPrice(history.unit, history.currentPrice);
  if (history.changes.length === 0) {
    return (
      <div className={styles.none}>
        <p>
          当前价格 <strong>{current}</strong>
        </p>
        <p className={styles.muted}>暂无调价记录</p>
      </div>
    );
  }
  const newestFirst = [...history.changes].reverse();
  return (
    <div className={styles.history}>
      <Suspense fallback={<div className={styles.chartSpace} />}>
        <PriceChart history={history} label={label} />
      </Suspense>
      <table className={styles.changes}>
        <caption>调价记录</caption>
        <thead>
          <tr>
            <th scope="col">日期</th>
            <th scope="col">调价</th>
            <th scope="col">幅度</th>
          </tr>
        </thead>
        <tbody>
          {newestFirst.map((change) => (
            <tr key={`${change.changedAt}-${change.newPrice}`}>
              <td>{beijingDate(change.changedAt)}</td>
              <td>
                {formatHistoryPrice(history.unit, change.oldPrice)} →{' '}
                {formatHistoryPrice(history.unit, change.newPrice)}
              </td>
              <td className={change.changePercent < 0 ? styles.down : styles.up}>
                {describeChangePercent(change.changePercent)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The 价格走势 panel of a project or listing page. Shows nothing when the history cannot be read
 * (a listing previewed by its owner before it is public).
 */
export function PriceHistoryPanel({
  kind,
  id,
  title = '价格走势',
  label,
}: {
  kind: PriceSubjectKind;
  id: number;
  title?: string;
  label: string;
}) {
  const { data, isPending, isError } = usePriceHistory(kind, id);
  if (isError) return null;
  return (
    <SectionPanel title={title}>
      {isPending || !data ? (
        <Spin style={{ display: 'block' }} />
      ) : (
        <PriceHistoryView history={data} label={label} />
      )}
    </SectionPanel>
  );
}
