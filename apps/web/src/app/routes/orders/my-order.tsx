import { HomeOutlined } from '@ant-design/icons';
import { formatArea, formatWan, formatYuan } from '@portal/shared/format';
import { PAY_STATUS } from '@portal/shared/status';
import { Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadingMask } from '../../../components/loading-mask';
import { PaginationBar } from '../../../components/pagination-bar';
import { paths } from '../../../config/paths';
import { ORDER_PAGE_SIZE, useMyOrders } from '../../../features/orders/api/orders';
import { OrderActionButtons } from '../../../features/orders/components/order-action-buttons';
import { OrderCountdown } from '../../../features/orders/components/order-countdown';
import { OrderStatusFields } from '../../../features/orders/components/order-status-fields';
import styles from '../../../features/orders/components/orders.module.css';
import { useOrderActions } from '../../../features/orders/components/use-order-actions';
import { payStatusText } from '../../../features/orders/order-rules';

/** /myOrder: the caller's deposit orders, 10 per page, with countdowns and actions (docs/product/orders.md). */
export default function MyOrderRoute() {
  const [page, setPage] = useState(1);
  const { data, isPending, dataUpdatedAt, refetch } = useMyOrders(page);
  const actions = useOrderActions('list');
  const total = data?.total ?? 0;

  return (
    <section aria-label="我的订单">
      <h1 className={styles.title}>我的订单</h1>
      {isPending && <LoadingMask />}
      {!isPending && total === 0 && <EmptyState />}
      {data?.list.map((order) => {
        const detailHref = paths.myOrderDetails.getHref({ id: order.id });
        return (
          <article key={order.id} className={styles.row} aria-label={order.houseName}>
            <Link to={detailHref} className={styles.cover} aria-label="查看订单详情">
              <HomeOutlined aria-hidden />
              <span>订单详情</span>
            </Link>
            <div className={styles.body}>
              <h2>
                <Link to={detailHref}>{order.houseName}</Link>{' '}
                <Tag color={order.payStatus === PAY_STATUS.PAID ? 'green' : 'blue'}>
                  {payStatusText(order.payStatus)}
                </Tag>
              </h2>
              <div className={styles.meta}>
                <span>房号：{order.door}</span>
                <span>户型：{order.houseType ?? '暂无'}</span>
                <span>面积：{formatArea(order.buildArea)}</span>
                <span>地址：{order.address}</span>
              </div>
              <div className={styles.meta}>
                <span>
                  平台总价：<span className={styles.price}>{formatWan(order.totalPrice)}万元</span>
                </span>
                <span>订约金：{formatYuan(order.lockMoney)}</span>
                <OrderStatusFields order={order} />
              </div>
              <OrderCountdown
                order={order}
                fetchedAt={dataUpdatedAt}
                className={styles.countdown}
                onFinish={() => void refetch()}
              />
            </div>
            <div className={styles.side}>
              <span className={styles.orderNo}>订单编号：{order.orderNo}</span>
              <OrderActionButtons order={order} actions={actions} />
            </div>
          </article>
        );
      })}
      <PaginationBar current={page} total={total} pageSize={ORDER_PAGE_SIZE} onChange={setPage} />
      {actions.dialogs}
    </section>
  );
}
