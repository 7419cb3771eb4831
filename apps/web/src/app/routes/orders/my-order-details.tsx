import { formatArea, formatUnitPrice, formatWan, formatYuan } from '@portal/shared/format';
import type { OrderDetail } from '@portal/shared/schemas/orders';
import { PAY_STATUS } from '@portal/shared/status';
import { Descriptions, Tag, Timeline } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadingMask } from '../../../components/loading-mask';
import { queryPayStatus, useOrderDetail } from '../../../features/orders/api/orders';
import { OrderActionButtons } from '../../../features/orders/components/order-action-buttons';
import { OrderCountdown } from '../../../features/orders/components/order-countdown';
import { OrderFileLinks } from '../../../features/orders/components/order-file-links';
import { OrderStatusFields } from '../../../features/orders/components/order-status-fields';
import { OrderSteps } from '../../../features/orders/components/order-steps';
import styles from '../../../features/orders/components/orders.module.css';
import { useOrderActions } from '../../../features/orders/components/use-order-actions';
import {
  type SigningContact,
  WebSignGuidance,
} from '../../../features/orders/components/web-sign-guidance';
import {
  orderVisibility,
  payStatusText,
  refundIntentionText,
} from '../../../features/orders/order-rules';
import { useProject } from '../../../features/projects/api/get-project';

const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '—');

/** The order facts: one pair per line on phones, two side by side from 768 px. */
const INFO_COLUMNS = { xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 };

/** Label and value of the optional fields an order shows once they exist. */
function presentItems(entries: [string, string | null][]) {
  return entries.flatMap(([label, value]) => (value ? [{ label, children: value }] : []));
}

function OrderInfo({ order }: { order: OrderDetail }) {
  const show = orderVisibility(order);
  const items = [
    { label: '姓名', children: order.realName },
    { label: '手机号', children: order.phone },
    { label: '证件号码', children: order.idCard },
    { label: '房源', children: order.houseName },
    { label: '房号', children: order.door },
    { label: '户型', children: order.houseType ?? '暂无' },
    { label: '用途', children: order.housePurpose },
    { label: '建筑面积', children: formatArea(order.buildArea) },
    { label: '地址', children: order.address },
    { label: '平台单价', children: formatUnitPrice(order.currentPrice) },
    { label: '平台总价', children: `${formatWan(order.totalPrice)}万元` },
    { label: '订约金', children: formatYuan(order.lockMoney) },
    { label: '下单时间', children: time(order.createdTime) },
    { label: '支付时间', children: time(order.payTime) },
    { label: '锁定时间', children: time(order.lockDate) },
    { label: '锁定到期', children: time(order.expireTime) },
    ...presentItems([
      ['同意协议时间', order.agreedTime && time(order.agreedTime)],
      ['银行交易流水号', order.otherOrderNo],
      ['退款申请时间', order.refundApplyTime && time(order.refundApplyTime)],
      ['退款时间', order.refundTime && time(order.refundTime)],
      ['银行退款流水号', order.otherRefundOrderNo],
    ]),
    ...(show.refundIntention
      ? [{ label: '退款意向', children: refundIntentionText(order.refundIntention) }]
      : []),
    ...(show.refundResult ? [{ label: '退款结果', children: order.refundResult ?? '—' }] : []),
    ...(order.refundRemark ? [{ label: '退款备注', children: order.refundRemark }] : []),
    {
      label: '发票',
      children: (
        <OrderFileLinks
          orderId={order.id}
          kind="invoiceList"
          files={order.invoiceList}
          label="发票"
        />
      ),
    },
    {
      label: '收据',
      children: (
        <OrderFileLinks
          orderId={order.id}
          kind="receiptList"
          files={order.receiptList}
          label="收据"
        />
      ),
    },
  ];
  return <Descriptions bordered size="small" column={INFO_COLUMNS} items={items} />;
}

/**
 * /myOrderDetails?id=: the order's steps, summary, timeline (not at payStatus 0/1/2), info panel
 * with invoice and receipt, web-sign guidance and the cancel, delay and refund dialogs.
 */
export default function MyOrderDetailsRoute() {
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const { data: order, isPending, isError, dataUpdatedAt, refetch } = useOrderDetail(id);
  const actions = useOrderActions('detail');
  // The developer and sales office to sign with, once the lock is paid for.
  const { data: project } = useProject(order?.payStatus === PAY_STATUS.PAID ? order.projectId : 0);
  const signing: SigningContact | undefined = project && {
    companyName: project.companyVO?.companyName,
    salesCenter: project.salesCenter,
    contact: project.contact,
  };
  const reconciled = useRef(false);

  // Back from the bank while the order still waits: ask the bank once, then show the result.
  useEffect(() => {
    if (!order || order.payStatus !== PAY_STATUS.AWAITING_PAYMENT || reconciled.current) return;
    reconciled.current = true;
    void queryPayStatus(order.id)
      .then((status) => (status.payStatus !== PAY_STATUS.AWAITING_PAYMENT ? refetch() : undefined))
      .catch(() => undefined);
  }, [order, refetch]);

  if (id === null || isError) return <EmptyState description="订单不存在" />;
  if (isPending || !order) return <LoadingMask />;

  const show = orderVisibility(order);
  const netsignIndex = order.logList.findIndex((log) => log.operation.includes('网签'));
  const timelineItems = order.logList.map((log, index) => ({
    key: `${log.operateTime}-${index}`,
    children: (
      <>
        <div>
          {time(log.operateTime)} {log.operation}
        </div>
        {index === netsignIndex && (
          <WebSignGuidance
            netsignnum={order.netsignnum}
            projectId={order.projectId}
            project={signing}
          />
        )}
      </>
    ),
  }));
  if (netsignIndex === -1 && order.payStatus === PAY_STATUS.PAID) {
    timelineItems.push({
      key: 'netsign',
      children: (
        <>
          <div>网签备案（待办理）</div>
          <WebSignGuidance netsignnum={null} projectId={order.projectId} project={signing} />
        </>
      ),
    });
  }

  return (
    <section aria-label="订单详情">
      <h1 className={styles.title}>订单详情</h1>
      <OrderSteps order={order} />
      <div className={styles.summary} style={{ marginTop: 24 }}>
        <div>
          <h2>
            {order.houseName} <Tag color="blue">{payStatusText(order.payStatus)}</Tag>
          </h2>
          <div className={styles.meta}>
            <span>
              平台总价：<span className={styles.price}>{formatWan(order.totalPrice)}万元</span>
            </span>
            <span>订约金：{formatYuan(order.lockMoney)}</span>
            <OrderStatusFields order={order} />
          </div>
          <div className={styles.meta}>
            <span>订单编号：{order.orderNo}</span>
          </div>
          <OrderCountdown
            order={order}
            fetchedAt={dataUpdatedAt}
            className={styles.countdown}
            onFinish={() => void refetch()}
          />
        </div>
        <div className={styles.side}>
          <OrderActionButtons order={order} actions={actions} />
        </div>
      </div>
      {show.timeline && (
        <>
          <h2 className={styles.section}>订单进度</h2>
          <Timeline items={timelineItems} />
        </>
      )}
      <h2 className={styles.section}>订单信息</h2>
      <OrderInfo order={order} />
      {actions.dialogs}
    </section>
  );
}
