import { Button } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useUnsubscribeByLink } from '../../../lib/subscriptions-api';
import styles from './subscriptions.module.css';

/**
 * /unsubscribe?t=: the link at the end of every subscription SMS. It works without signing in;
 * the visitor confirms with one tap, so a link preview that opens the page cancels nothing.
 */
export default function UnsubscribeRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('t') ?? '';
  const unsubscribe = useUnsubscribeByLink();
  const done = unsubscribe.data;
  return (
    <section className={styles.result} aria-label="退订">
      <h1 className={styles.title}>退订通知</h1>
      {done ? (
        <p role="status">
          已退订「{done.title}」的{done.topic}，今后不再收到该订阅的消息和短信。
        </p>
      ) : unsubscribe.error ? (
        <p role="alert">{unsubscribe.error.message}</p>
      ) : !token ? (
        <p role="alert">退订链接无效</p>
      ) : (
        <>
          <p>确定不再接收这条订阅的消息和短信吗？</p>
          <Button
            type="primary"
            size="large"
            loading={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(token)}
          >
            确认退订
          </Button>
        </>
      )}
      <p>
        <Link className={styles.back} to={paths.home.getHref()}>
          返回首页
        </Link>
      </p>
    </section>
  );
}
