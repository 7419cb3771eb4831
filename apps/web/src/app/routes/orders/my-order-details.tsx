import { formatArea, formatUnitPrice, formatWan, formatYuan } from '@portal/shared/format';
import type { OrderDetail } from '@portal/shared/schemas/orders';
import { Descriptions, Modal, Steps, Tag, Timeline } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadingMask } from '../../../components/loading-mask';
import { queryPayStatus, useOrderDetail } from '../../../features/orders/api/orders';
import { OrderActionButtons } from '../../../features/orders/components/order-action-buttons';
import { OrderCountdown } from '../../../features/orders/components/order-countdown';
import styles from '../../../features/orders/components/orders.module.css';
import { useOrderActions } from '../../../features/orders/components/use-order-actions';
import {
  activeStepIndex,
  delayStatusText,
  orderVisibility,
  payStatusText,
  refundIntentionText,
  refundStatusText,
} from '../../../features/orders/order-rules';
import { toOssUrl } from '../../../lib/oss-url';

const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '—');

/** Guidance of the 网签备案 stage (spec 2 §2): what to prepare for each way of paying. */
function WebSignGuidance({ netsignnum }: { netsignnum: string | null }) {
  return (
    <div className={styles.guidance} aria-label="网签备案指引">
      {netsignnum ? (
        <p>网签合同已备案，备案编号：{netsignnum}。订约金将自动原路退还。</p>
      ) : (
        <>
          <p>请在锁定期内与开发企业签订商品房买卖合同并完成网签备案：</p>
          <p>全款购房：请准备好购房款及身份证明，按合同约定时间一次性付清房款。</p>
          <p>贷款购房：请准备首付款、收入证明及银行流水，尽早向贷款银行提交按揭申请。</p>
          <p>分期购房：请与开发企业约定分期付款计划，并在合同中写明各期金额和付款时间。</p>
        </>
      )}
    </div>
  );
}

/** Invoice or receipt files: view in a dialog (embedded page) or download. */
function FileLinks({ files, label }: { files: { path: string }[]; label: string }) {
  const [viewing, setViewing] = useState<string | null>(null);
  if (files.length === 0) return <span>暂无</span>;
  return (
    <span className={styles.files}>
      {files.map((file, index) => {
        const url = toOssUrl(file.path);
        const name = `${label}${files.length > 1 ? index + 1 : ''}`;
        return (
          <span key={file.path}>
            {name}：
            <a
              href={url}
              onClick={(event) => {
                event.preventDefault();
                setViewing(url);
              }}
            >
              查看
            </a>{' '}
            <a href={url} download>
              下载
            </a>
          </span>
        );
      })}
      <Modal
        open={viewing !== null}
        title={label}
        width={860}
        footer={null}
        onCancel={() => setViewing(null)}
        destroyOnHidden
      >
        {viewing && (
          <iframe src={viewing} title={label} style={{ width: '100%', height: 560, border: 0 }} />
        )}
      </Modal>
    </span>
  );
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
    ...(show.refundIntention
      ? [{ label: '退款意向', children: refundIntentionText(order.refundIntention) }]
      : []),
    ...(show.refundResult ? [{ label: '退款结果', children: order.refundResult ?? '—' }] : []),
    ...(order.refundRemark ? [{ label: '退款备注', children: order.refundRemark }] : []),
    { label: '发票', children: <FileLinks files={order.invoiceList} label="发票" /> },
    { label: '收据', children: <FileLinks files={order.receiptList} label="收据" /> },
  ];
  return <Descriptions bordered size="small" column={2} items={items} />;
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
  const reconciled = useRef(false);

  // Back from the bank while the order still waits: ask the bank once, then show the result.
  useEffect(() => {
    if (!order || order.payStatus !== 1 || reconciled.current) return;
    reconciled.current = true;
    void queryPayStatus(order.id)
      .then((status) => (status.payStatus !== 1 ? refetch() : undefined))
      .catch(() => undefined);
  }, [order, refetch]);

  if (id === null || isError) return <EmptyState description="订单不存在" />;
  if (isPending || !order) return <LoadingMask />;

  const show = orderVisibility(order);
  const current = activeStepIndex(order.stepList);
  const netsignIndex = order.logList.findIndex((log) => log.operation.includes('网签'));
  const timelineItems = order.logList.map((log, index) => ({
    key: `${log.operateTime}-${index}`,
    children: (
      <>
        <div>
          {time(log.operateTime)} {log.operation}
        </div>
        {index === netsignIndex && <WebSignGuidance netsignnum={order.netsignnum} />}
      </>
    ),
  }));
  if (netsignIndex === -1 && order.payStatus === 3) {
    timelineItems.push({
      key: 'netsign',
      children: (
        <>
          <div>网签备案（待办理）</div>
          <WebSignGuidance netsignnum={null} />
        </>
      ),
    });
  }

  return (
    <section aria-label="订单详情">
      <h2 className={styles.title}>订单详情</h2>
      <Steps
        current={current}
        items={order.stepList.map((step) => ({
          title: step.name,
          description: step.operateTime ? time(step.operateTime) : undefined,
        }))}
      />
      <div className={styles.summary} style={{ marginTop: 24 }}>
        <div>
          <h3>
            {order.houseName} <Tag color="blue">{payStatusText(order.payStatus)}</Tag>
          </h3>
          <div className={styles.meta}>
            <span>
              平台总价：<span className={styles.price}>{formatWan(order.totalPrice)}万元</span>
            </span>
            <span>订约金：{formatYuan(order.lockMoney)}</span>
            {show.delayStatus && <span>延期状态：{delayStatusText(order.delayStatus)}</span>}
            {show.refundStatus && <span>退款状态：{refundStatusText(order.refundStatus)}</span>}
            {show.refundFailReason && order.refundFailReason && (
              <span>驳回原因：{order.refundFailReason}</span>
            )}
            {show.refundIntention && (
              <span>退款意向：{refundIntentionText(order.refundIntention)}</span>
            )}
            {show.refundResult && order.refundResult && <span>退款结果：{order.refundResult}</span>}
          </div>
          <div className={styles.meta}>
            <span>订单编号：{order.orderNo}</span>
            {show.refundOrderNo && order.refundOrderNo && (
              <span>退款单号：{order.refundOrderNo}</span>
            )}
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
          <h3 className={styles.section}>订单进度</h3>
          <Timeline items={timelineItems} />
        </>
      )}
      <h3 className={styles.section}>订单信息</h3>
      <OrderInfo order={order} />
      {actions.dialogs}
    </section>
  );
}
