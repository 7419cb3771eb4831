import type { ScheduleRow } from '@portal/shared/domain/loan';
import { formatFen } from '@portal/shared/domain/money';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import styles from './tools.module.css';

const money = (fen: number) => formatFen(fen);

const COLUMNS: ColumnsType<ScheduleRow> = [
  {
    title: '期数',
    dataIndex: 'period',
    width: 76,
    fixed: 'left',
    render: (p: number) => `第${p}期`,
  },
  { title: '月供（元）', dataIndex: 'paymentFen', align: 'right', render: money },
  { title: '本金（元）', dataIndex: 'principalFen', align: 'right', render: money },
  { title: '利息（元）', dataIndex: 'interestFen', align: 'right', render: money },
  { title: '剩余本金（元）', dataIndex: 'balanceFen', align: 'right', render: money },
];

/** What the note under the schedule says about rounding (docs/product/calculators.md). */
export function roundingNote(lastRowAdjustmentFen: number): string {
  const base = '各期金额按分四舍五入，月供、本金、利息各列合计与上方汇总一致';
  if (lastRowAdjustmentFen === 0) return `${base}。`;
  const sign = lastRowAdjustmentFen > 0 ? '+' : '−';
  return `${base}；舍入差额 ${sign}${formatFen(Math.abs(lastRowAdjustmentFen))} 元已计入最后一期。`;
}

interface RepaymentScheduleProps {
  rows: ScheduleRow[];
  lastRowAdjustmentFen: number;
}

/**
 * Month-by-month repayment plan, 12 months (one year) per page; on a phone the table scrolls
 * sideways inside its own box with the period column pinned.
 */
export function RepaymentSchedule({ rows, lastRowAdjustmentFen }: RepaymentScheduleProps) {
  return (
    <>
      <Table<ScheduleRow>
        aria-label="月供明细"
        size="small"
        rowKey="period"
        columns={COLUMNS}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        pagination={{
          pageSize: 12,
          showSizeChanger: false,
          showTotal: (total, [from]) => `共${total}期 · 第${Math.ceil(from / 12)}年`,
        }}
      />
      <p className={styles.reference}>{roundingNote(lastRowAdjustmentFen)}</p>
    </>
  );
}
