import type { AdminOrderRow } from '@portal/shared/schemas/orders/admin';
import { PAY_STATUS, REFUND_STATUS } from '@portal/shared/status';
import { Button, Popconfirm, Space, Upload } from 'antd';
import { useRetryRefund, useUploadOrderFile, useDecideRefund } from './api';

/**
 * What an operator may do with one order: confirm or reject a pending refund (a net-signed
 * order's refund is owed, so it cannot be rejected), retry a refund the bank refused, record
 * 网签, and upload invoices and receipts.
 */
export function OrderActions({
  order,
  onNetsign,
  onRejectRefund,
}: {
  order: AdminOrderRow;
  onNetsign: (order: AdminOrderRow) => void;
  onRejectRefund: (order: AdminOrderRow) => void;
}) {
  const refund = useDecideRefund();
  const retry = useRetryRefund();
  const upload = useUploadOrderFile();

  const uploader = (kind: 'invoice' | 'receipt') => (
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
    <Space size={0} wrap>
      {order.payStatus === PAY_STATUS.REFUNDING && order.refundStatus === REFUND_STATUS.PENDING && (
        <>
          <Popconfirm
            title={`确认将订约金 ${order.lockMoney} 元原路退还给购房人？`}
            onConfirm={() => refund.mutateAsync({ id: order.id }).catch(() => null)}
          >
            <Button type="link" size="small">
              确认退款
            </Button>
          </Popconfirm>
          {!order.netsignnum && (
            <Button type="link" size="small" danger onClick={() => onRejectRefund(order)}>
              驳回退款
            </Button>
          )}
        </>
      )}
      {order.payStatus === PAY_STATUS.REFUND_FAILED && (
        <Popconfirm
          title={`重新向银行发起订约金 ${order.lockMoney} 元的退款？`}
          onConfirm={() => retry.mutateAsync(order.id).catch(() => null)}
        >
          <Button type="link" size="small" loading={retry.isPending}>
            重新退款
          </Button>
        </Popconfirm>
      )}
      {order.payStatus === PAY_STATUS.PAID && !order.netsignnum && (
        <Button type="link" size="small" onClick={() => onNetsign(order)}>
          登记网签
        </Button>
      )}
      {uploader('invoice')}
      {uploader('receipt')}
    </Space>
  );
}
