import type { ScheduleRow } from '@portal/shared/domain/loan';
import { formatFen } from '@portal/shared/domain/money';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';

const money = (fen: number) => formatFen(fen);

const COLUMNS: ColumnsType<ScheduleRow> = [
  { title: '期数', dataIndex: 'period', width: 80, render: (p: number) => `第${p}期` },
  { title: '月供（元）', dataIndex: 'paymentFen', align: 'right', render: money },
  { title: '本金（元）', dataIndex: 'principalFen', align: 'right', render: money },
  { title: '利息（元）', dataIndex: 'interestFen', align: 'right', render: money },
  { title: '剩余本金（元）', dataIndex: 'balanceFen', align: 'right', render: money },
];

/** Month-by-month repayment plan, 12 months (one year) per page. */
export function RepaymentSchedule({ rows }: { rows: ScheduleRow[] }) {
  return (
    <Table<ScheduleRow>
      aria-label="月供明细"
      size="small"
      rowKey="period"
      columns={COLUMNS}
      dataSource={rows}
      pagination={{
        pageSize: 12,
        showSizeChanger: false,
        showTotal: (total, [from]) => `共${total}期 · 第${Math.ceil(from / 12)}年`,
      }}
    />
  );
}
