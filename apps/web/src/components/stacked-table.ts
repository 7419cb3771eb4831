import type { TableColumnsType } from 'antd';
import type { TdHTMLAttributes } from 'react';
import styles from './stacked-table.module.css';

/**
 * The class that turns an antd Table into stacked rows on a phone: each row a card, each cell a
 * line with its column's title before the value, nothing cut or scrolled sideways. The desktop
 * table is untouched. Pure CSS, so the server and the browser draw the same page
 * (docs/decisions/0055-forgiving-listing-drafts.md, "Tables on a phone").
 */
export const STACKED_TABLE_CLASS = styles.stacked;

/** The columns with their titles on their cells (`data-label`), which the stacked rows show. */
export function withCellLabels<Row>(columns: TableColumnsType<Row>): TableColumnsType<Row> {
  return columns.map((column) => {
    const label = typeof column.title === 'string' ? column.title : '';
    return {
      ...column,
      onCell: (record: Row, index?: number) =>
        ({
          ...(column.onCell?.(record, index) ?? {}),
          'data-label': label,
        }) as TdHTMLAttributes<HTMLElement>,
    };
  });
}
