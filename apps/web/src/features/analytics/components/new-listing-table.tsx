import { formatNumber } from '@portal/shared/format';
import type { NewListing } from '@portal/shared/schemas/analytics';
import { useRef } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../config/paths';
import { useAutoScroll } from '../hooks/use-auto-scroll';
import styles from './dashboard.module.css';

function Rows({ rows, copy }: { rows: readonly NewListing[]; copy: boolean }) {
  return (
    <>
      {rows.map((row) => (
        <tr key={`${copy ? 'b' : 'a'}${row.id}`} aria-hidden={copy || undefined}>
          <td>
            <Link to={paths.houseHome.getHref({ id: row.id })} tabIndex={copy ? -1 : undefined}>
              {row.publishName}
            </Link>
          </td>
          <td>{row.district}</td>
          <td>{formatNumber(row.watchCount)}</td>
          <td className={styles.money}>
            {row.platformPrice > 0 ? `${formatNumber(row.platformPrice)}元/㎡` : '价格待定'}
          </td>
        </tr>
      ))}
    </>
  );
}

/**
 * 新房源: newly listed projects, scrolling 40 px every 50 ms, held while hovered, focused or
 * touched, and scrollable by hand.
 */
export function NewListingTable({ rows }: { rows: readonly NewListing[] }) {
  const box = useRef<HTMLDivElement>(null);
  const { paused: _paused, ...holdHandlers } = useAutoScroll(box, rows.length > 0);
  if (rows.length === 0) return <EmptyState />;
  return (
    <div className={styles.listingTable}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th>楼盘名称</th>
            <th>区域</th>
            <th>关注度</th>
            <th>均价</th>
          </tr>
        </thead>
      </table>
      <div
        ref={box}
        className={styles.scrollBox}
        role="region"
        aria-label="新房源列表"
        tabIndex={0}
        {...holdHandlers}
        data-testid="new-listing-scroll"
      >
        <table className={styles.table}>
          <tbody>
            <Rows rows={rows} copy={false} />
            <Rows rows={rows} copy />
          </tbody>
        </table>
      </div>
    </div>
  );
}
