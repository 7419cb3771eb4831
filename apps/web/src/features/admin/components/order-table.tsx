import type { AdminOrderRow } from '@portal/shared/schemas/admin';
import {
  Button,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type AdminOrderFilters, useAdminOrders, useUploadOrderFile } from '../api/orders';
import { useDecideRefund } from '../api/review';
import { PAY_STATUS_TEXT, REFUND_STATUS_TEXT } from '../labels';
import { NetsignDialog } from './netsign-dialog';
import { ReasonDialog } from './reason-dialog';

const toOptions = (labels: Record<number, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));

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

/** Order search with 网签 registration and invoice / receipt uploads. */
export function OrderTable() {
  const [params] = useSearchParams();
  const initialRefund = Number(params.get('refundStatus')) || undefined;
  const [filters, setFilters] = useState<AdminOrderFilters>({
    pageNum: 1,
    refundStatus: initialRefund,
    keyword: params.get('keyword') ?? undefined,
  });
  const { data, isFetching } = useAdminOrders(filters);
  const upload = useUploadOrderFile();
  const [netsignOrder, setNetsignOrder] = useState<AdminOrderRow | null>(null);
  const refund = useDecideRefund();
  const [rejectRefundId, setRejectRefundId] = useState<number | null>(null);
  const update = (patch: Partial<AdminOrderFilters>) =>
    setFilters((f) => ({ ...f, ...patch, pageNum: 1 }));

  const uploader = (order: AdminOrderRow, kind: 'invoice' | 'receipt') => (
    <Upload
      accept=".pdf,image/*"
      showUploadList={false}
      beforeUpload={(file) => {
        upload.mutate({ id: order.id, kind, file });
        return false;
      }}
    >
      <Button type="link" size="small">
        {kind === 'invoice' ? '上传发票' : '上传收据'}
      </Button>
    </Upload>
  );

  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          订单
        </Typography.Title>
        <Input.Search
          placeholder="订单号 / 购房人 / 手机号 / 房源"
          allowClear
          defaultValue={filters.keyword}
          style={{ width: 280 }}
          onSearch={(value) => update({ keyword: value.trim() || undefined })}
        />
        <Select
          placeholder="订单状态"
          allowClear
          style={{ width: 130 }}
          options={toOptions(PAY_STATUS_TEXT)}
          onChange={(payStatus?: number) => update({ payStatus })}
        />
        <Select
          placeholder="退款状态"
          allowClear
          style={{ width: 130 }}
          defaultValue={initialRefund}
          options={toOptions(REFUND_STATUS_TEXT)}
          onChange={(refundStatus?: number) => update({ refundStatus })}
        />
      </Space>
      <Table<AdminOrderRow>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 1540 }}
        pagination={{
          current: filters.pageNum,
          pageSize: data?.pageSize ?? 20,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 笔`,
          onChange: (pageNum) => setFilters((f) => ({ ...f, pageNum })),
        }}
        columns={[
          { title: '订单号', dataIndex: 'orderNo', width: 190 },
          {
            title: '购房人',
            key: 'buyer',
            width: 150,
            render: (_, order) => `${order.realName} ${order.phone}`,
          },
          {
            title: '房源',
            key: 'house',
            width: 240,
            render: (_, o) => o.houseName,
          },
          { title: '订约金（元）', dataIndex: 'lockMoney', width: 110 },
          {
            title: '状态',
            key: 'status',
            width: 150,
            render: (_, o) => (
              <Space size={4} wrap>
                <Tag>{PAY_STATUS_TEXT[o.payStatus]}</Tag>
                {o.refundStatus > 1 && (
                  <Tooltip title={o.refundRemark ?? undefined}>
                    <Tag color="orange">退款{REFUND_STATUS_TEXT[o.refundStatus]}</Tag>
                  </Tooltip>
                )}
              </Space>
            ),
          },
          {
            title: '网签',
            key: 'netsign',
            width: 170,
            render: (_, o) =>
              o.netsignnum
                ? `${o.netsignnum}（${dayjs(o.netsignTime).format('YYYY-MM-DD')}）`
                : '未网签',
          },
          {
            title: '下单时间',
            dataIndex: 'createdAt',
            width: 150,
            render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: '票据',
            key: 'files',
            width: 130,
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
            width: 200,
            render: (_, order) => (
              <Space size={0} wrap>
                {order.payStatus === 4 && order.refundStatus === 2 && (
                  <>
                    <Popconfirm
                      title={`确认将订约金 ${order.lockMoney} 元原路退还给购房人？`}
                      onConfirm={() => refund.mutateAsync({ id: order.id }).catch(() => null)}
                    >
                      <Button type="link" size="small">
                        确认退款
                      </Button>
                    </Popconfirm>
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() => setRejectRefundId(order.id)}
                    >
                      驳回退款
                    </Button>
                  </>
                )}
                {order.payStatus === 3 && !order.netsignnum && (
                  <Button type="link" size="small" onClick={() => setNetsignOrder(order)}>
                    登记网签
                  </Button>
                )}
                {uploader(order, 'invoice')}
                {uploader(order, 'receipt')}
              </Space>
            ),
          },
        ]}
      />
      <NetsignDialog order={netsignOrder} onClose={() => setNetsignOrder(null)} />
      <ReasonDialog
        title="驳回退款申请"
        open={rejectRefundId !== null}
        isSaving={refund.isPending}
        onClose={() => setRejectRefundId(null)}
        onSubmit={(reason) =>
          rejectRefundId === null
            ? Promise.resolve(false)
            : refund.mutateAsync({ id: rejectRefundId, reason }).then(
                () => true,
                () => false,
              )
        }
      />
    </>
  );
}
