import { SUBSCRIPTION_TOPIC_LABEL } from '@portal/shared/constants/subscriptions';
import type { Subscription } from '@portal/shared/schemas/subscriptions';
import { Button, Popconfirm, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { notifySuccess } from '../../../lib/notify';
import { useCancelSubscription, useMySubscriptions } from '../../../lib/subscriptions-api';
import styles from './subscriptions.module.css';

/** Where a subscription leads: the project's home page, or the list page with the saved filters. */
function hrefOf(subscription: Subscription): string {
  if (subscription.projectId !== null)
    return paths.houseHome.getHref({ id: subscription.projectId });
  const page = subscription.scope === 'secondhandhouse' ? '/secondhandhouse' : '/newHouse';
  return subscription.query ? `${page}?${subscription.query}` : page;
}

/**
 * /mySubscriptions: the caller's subscriptions — a project's 开盘, 变价 and 新证通知 and saved
 * searches — newest first, each with 取消订阅 (docs/product/subscriptions.md).
 */
export default function MySubscriptionsRoute() {
  const { data, isLoading } = useMySubscriptions();
  const cancel = useCancelSubscription();
  const list = data?.list ?? [];
  return (
    <section aria-label="我的订阅">
      <h1 className={styles.title}>我的订阅</h1>
      <p className={styles.hint}>
        订阅的动态会发到“我的消息”，并以短信提醒（每天最多3条，22:00至次日08:00不发短信）。
      </p>
      {!isLoading && list.length === 0 ? (
        <p className={styles.empty}>
          暂无订阅。可在楼盘详情页点击“订阅”，或在找房列表点击“订阅此搜索”。
        </p>
      ) : (
        <ul className={styles.list}>
          {list.map((subscription) => (
            <li key={subscription.id} className={styles.item}>
              <div className={styles.body}>
                <Tag color={subscription.topic === 'search' ? 'blue' : 'green'}>
                  {SUBSCRIPTION_TOPIC_LABEL[subscription.topic]}
                </Tag>
                <Link className={styles.name} to={hrefOf(subscription)}>
                  {subscription.title}
                </Link>
                <div className={styles.meta}>
                  订阅于 {dayjs(subscription.createdTime).format('YYYY-MM-DD HH:mm')}
                </div>
              </div>
              <Popconfirm
                title="确定取消该订阅吗？"
                okText="确定"
                cancelText="取消"
                onConfirm={() =>
                  cancel.mutate(subscription.id, { onSuccess: () => notifySuccess('已取消订阅') })
                }
              >
                <Button style={{ minHeight: 44 }}>取消订阅</Button>
              </Popconfirm>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
