import { HISTORY_LIMIT } from '@portal/shared/schemas/history';
import { Button, Spin } from 'antd';
import useApp from 'antd/es/app/useApp';
import { EmptyState } from '../../../components/empty-state';
import { useClearHistory, useHistory } from '../../../features/history/api/history';
import { HistoryList } from '../../../features/history/components/history-list';
import styles from '../../../features/history/components/history.module.css';
import { notifySuccess } from '../../../lib/notify';

/**
 * /myHistory (浏览记录): the last 50 projects and listings the caller opened, newest first, with
 * 清空 after a confirmation. The list is kept on the server, so it follows the account.
 */
export default function MyHistoryRoute() {
  const { data, isPending } = useHistory();
  const clear = useClearHistory();
  const { modal } = useApp();
  const entries = data?.list ?? [];

  const confirmClear = () =>
    void modal.confirm({
      title: '清空浏览记录',
      content: '确定清空全部浏览记录吗？清空后无法恢复。',
      okText: '清空',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => clear.mutateAsync().then(() => notifySuccess('浏览记录已清空')),
    });

  return (
    <section aria-labelledby="my-history-title">
      <div className={styles.head}>
        <h1 id="my-history-title" className={styles.title}>
          浏览记录
        </h1>
        <Button danger disabled={entries.length === 0} onClick={confirmClear}>
          清空
        </Button>
      </div>
      <p className={styles.note}>保留最近浏览的 {HISTORY_LIMIT} 个楼盘和房源。</p>
      {isPending ? (
        <Spin style={{ display: 'block' }} />
      ) : entries.length === 0 ? (
        <EmptyState description="暂无浏览记录" />
      ) : (
        <HistoryList entries={entries} />
      )}
    </section>
  );
}
