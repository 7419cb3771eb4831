import type { CompareItem, CompareResult } from '@portal/shared/schemas/compare';
import { Button } from 'antd';
import { Link } from 'react-router';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { paths } from '../../../config/paths';
import { differingRows, rowDiffers } from '../lib/differences';
import styles from './compare.module.css';

/** The detail page a compared item links to. */
export function compareItemHref(item: Pick<CompareItem, 'id' | 'kind'>): string {
  if (item.kind === 'project') return paths.houseHome.getHref({ id: item.id });
  return item.kind === 'rent'
    ? paths.detailscz.getHref({ id: item.id })
    : paths.detailscs.getHref({ id: item.id });
}

interface CompareTableProps {
  result: CompareResult;
  onlyDifferences: boolean;
  /** Takes an item out of the comparison; absent when only two are left. */
  onRemove?: (id: number) => void;
}

/**
 * The side-by-side table: one column per item, the attribute names in a first column that stays
 * in place while the table scrolls sideways on a phone; rows whose values differ are highlighted.
 */
export function CompareTable({ result, onlyDifferences, onRemove }: CompareTableProps) {
  const rows = onlyDifferences ? differingRows(result.rows) : result.rows;
  return (
    <div className={styles.scroller} tabIndex={0} role="region" aria-label="对比表，可左右滑动">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col" className={styles.pinned}>
              {result.type === 'project' ? '楼盘' : '房源'}
            </th>
            {result.items.map((item) => (
              <th key={item.id} scope="col" className={styles.itemHead}>
                <Link to={compareItemHref(item)} className={styles.itemLink}>
                  <ImageWithFallback src={item.coverUrl} alt="" width={160} height={110} />
                  <span>{item.name}</span>
                </Link>
                {onRemove && (
                  <Button size="small" type="link" onClick={() => onRemove(item.id)}>
                    移除
                  </Button>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const differs = rowDiffers(row.values);
            return (
              <tr
                key={row.key}
                className={differs ? styles.differs : undefined}
                data-differs={differs ? 'true' : undefined}
              >
                <th scope="row" className={styles.pinned}>
                  {row.label}
                  {differs && <span className={styles.diffMark}>不同</span>}
                </th>
                {row.values.map((value, index) => (
                  <td key={result.items[index]?.id ?? index}>{value}</td>
                ))}
              </tr>
            );
          })}
          {rows.length === 0 && (
            <tr>
              <td colSpan={result.items.length + 1} className={styles.same}>
                所选{result.type === 'project' ? '楼盘' : '房源'}各项信息均相同
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
