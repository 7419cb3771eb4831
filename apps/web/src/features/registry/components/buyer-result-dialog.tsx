import { formatArea, formatYuan } from '@portal/shared/format';
import { Modal, Table, type TableColumnsType } from 'antd';
import type { BuyerResult } from '../api/registry-api';
import styles from './registry.module.css';

type House = BuyerResult['houseList'][number];
type Sell = BuyerResult['sellList'][number];
type Account = NonNullable<BuyerResult['accountList']>[number];

const HOUSE_COLUMNS: TableColumnsType<House> = [
  { title: '坐落', dataIndex: 'address' },
  { title: '楼栋单元', dataIndex: 'cell' },
  { title: '房号', dataIndex: 'housenum' },
  { title: '用途', dataIndex: 'useTo' },
  { title: '建筑面积', dataIndex: 'buildArea', render: (area: number) => formatArea(area) },
];

const SELL_COLUMNS: TableColumnsType<Sell> = [
  { title: '付款方式', dataIndex: 'sellType' },
  { title: '金额', dataIndex: 'price', render: (price: number) => formatYuan(price) },
];

const ACCOUNT_COLUMNS: TableColumnsType<Account> = [
  { title: '监管银行', dataIndex: 'bank' },
  { title: '监管账户', dataIndex: 'account' },
  { title: '入账金额', dataIndex: 'money', render: (money: number) => formatYuan(money) },
];

interface BuyerResultDialogProps {
  title: string;
  result: BuyerResult | null;
  onClose: () => void;
}

/** The buyer query result: house and price info, plus the funds received when present. */
export function BuyerResultDialog({ title, result, onClose }: BuyerResultDialogProps) {
  return (
    <Modal title={title} open={result !== null} onCancel={onClose} footer={null} width={820}>
      {result && (
        <>
          <h3 className={styles.section}>房屋信息</h3>
          <Table<House>
            rowKey={(row) => `${row.cell}-${row.housenum}`}
            size="small"
            pagination={false}
            columns={HOUSE_COLUMNS}
            dataSource={result.houseList}
          />
          <h3 className={styles.section}>价款信息</h3>
          <Table<Sell>
            rowKey="sellType"
            size="small"
            pagination={false}
            columns={SELL_COLUMNS}
            dataSource={result.sellList}
          />
          {result.accountList && (
            <>
              <h3 className={styles.section}>资金入账信息</h3>
              <Table<Account>
                rowKey={(row) => `${row.account}-${result.accountList?.indexOf(row) ?? 0}`}
                size="small"
                pagination={false}
                columns={ACCOUNT_COLUMNS}
                dataSource={result.accountList}
              />
            </>
          )}
        </>
      )}
    </Modal>
  );
}
