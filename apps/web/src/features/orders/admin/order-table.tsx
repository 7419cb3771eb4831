import type { AdminOrderRow } from '@portal/shared/schemas/orders/admin';
import {
  PAY_STATUS,
  PAY_STATUS_LABEL,
  type PayStatusCode,
  REFUND_STATUS,
  REFUND_STATUS_LABEL,
  type RefundStatusCode,
} from '@portal/shared/status';
import { Space, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { ORDER_FILTERS, useAdminOrders, useDecideRefund } from './api';
import { NetsignDialog } from './netsign-dialog';
import { OrderActions } from './order-actions';
import { OrderFilterBar } from './order-filter-bar';

function FileLinks({ urls, label }: { urls: string[]; label: string }) {
  return (
    <>
      {urls.map((url, index) => (
        <a key={url} href={url} target="_blank" rel="noreferrer" style={{ marginRight: 8 }}>
          {label}
          {urls.length > 1 ? index + 1 : ''}
        </a>
      ))}
    </>
  );
}

/** The pay status, with the refund state and its reason (rejection or bank failure) on hover. */
function OrderStatus({ order }: { order: AdminOrderRow }) {
  const isFailed = order.payStatus === PAY_STATUS.REFUND_FAILED;
  return (
    <Space size={4} wrap>
      <Tooltip title={isFailed ? (order.refundFailReason ?? undefined) : undefined}>
        <Tag color={isFailed ? 'red' : undefined}>
          {PAY_STATUS_LABEL[order.payStatus as PayStatusCode]}
        </Tag>
      </Tooltip>
      {order.refundStatus > REFUND_STATUS.NONE && !isFailed && (
        <Tooltip title={order.refundFailReason ?? order.refundRemark ?? undefined}>
          <Tag color="orange">
            退款{REFUND_STATUS_LABEL[order.refundStatus as RefundStatusCode]}
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}

/** Order search (URL-driven filters) with refunds, 网签 registration and invoice / receipt uploads. */
export function OrderTable() {
  const { filters, setFilters, setPage } = useUrlFilters(ORDER_FILTERS);
  const { data, isFetching } = useAdminOrders(filters);
  const [netsignOrder, setNetsignOrder] = useState<AdminOrderRow | null>(null);
  const reject = useDecideRefund();
  const [rejectRefundId, setRejectRefundId] = useState<number | null>(null);

  return (
    <>
      <OrderFilterBar filters={filters} onChange={setFilters} />
      <Table<AdminOrderRow>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 1060 }}
        pagination={{
          current: filters.pageNum,
          pageSize: data?.pageSize ?? 20,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 笔`,
          onChange: setPage,
        }}
        columns={[
          {
            title: '订单号 / 下单时间',
            key: 'order',
            width: 185,
            render: (_, o) => (
              <>
                {o.orderNo}
                <br />
                <Typography.Text type="secondary">
                  {dayjs(o.createdAt).format('YYYY-MM-DD HH:mm')}
                </Typography.Text>
              </>
            ),
          },
          {
            title: '购房人',
            key: 'buyer',
            width: 110,
            render: (_, order) => (
              <>
                {order.realName}
                <br />
                {order.phone}
              </>
            ),
          },
          { title: '房源', key: 'house', render: (_, o) => o.houseName },
          { title: '订约金（元）', dataIndex: 'lockMoney', width: 90 },
          { title: '状态', key: 'status', width: 100, render: (_, o) => <OrderStatus order={o} /> },
          {
            title: '网签',
            key: 'netsign',
            width: 150,
            render: (_, o) =>
              o.netsignnum ? (
                <>
                  {o.netsignnum}
                  <br />
                  <Typography.Text type="secondary">
                    {dayjs(o.netsignTime).format('YYYY-MM-DD')}
                  </Typography.Text>
                </>
              ) : (
                '未网签'
              ),
          },
          {
            title: '票据',
            key: 'files',
            width: 80,
            render: (_, o) => (
              <>
                <FileLinks urls={o.invoiceUrls} label="发票" />
                <FileLinks urls={o.receiptUrls} label="收据" />
              </>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            fixed: 'right',
            width: 160,
            render: (_, order) => (
              <OrderActions
                order={order}
                onNetsign={setNetsignOrder}
                onRejectRefund={(o) => setRejectRefundId(o.id)}
              />
            ),
          },
        ]}
      />
      <NetsignDialog order={netsignOrder} onClose={() => setNetsignOrder(null)} />
      <ReasonDialog
        title="驳回退款申请"
        open={rejectRefundId !== null}
        isSaving={reject.isPending}
        onClose={() => setRejectRefundId(null)}
        onSubmit={(reason) =>
          rejectRefundId === null
            ? Promise.resolve(false)
            : reject.mutateAsync({ id: rejectRefundId, reason }).then(
                () => true,
                () => false,
              )
        }
      />
    </>
  );
}
