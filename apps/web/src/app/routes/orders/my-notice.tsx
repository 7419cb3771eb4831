import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { Notice } from '@portal/shared/schemas/notices';
import { Button, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { lastPageOf } from '../../../components/pagination-bar';
import {
  NOTICE_PAGE_SIZE,
  useMarkAllNoticesRead,
  useMarkNoticeRead,
  useMyNotices,
} from '../../../features/orders/api/notices';
import styles from '../../../features/orders/components/orders.module.css';
import { noticeHref } from '../../../features/orders/lib/notice-href';
import { useIsPhone } from '../../../lib/use-media-query';

const formatTime = (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm:ss');

/**
 * /myNotice: the caller's messages, 10 per page with a previous/next pager showing
 * current/total; 查看 for notices about an order, a listing or a feedback item.
 */
export default function MyNoticeRoute() {
  const [page, setPage] = useState(1);
  const { data, isFetching } = useMyNotices(page);
  const markRead = useMarkNoticeRead();
  const markAll = useMarkAllNoticesRead();
  const navigate = useNavigate();
  const total = data?.total ?? 0;
  const last = lastPageOf(total, NOTICE_PAGE_SIZE);
  const current = Math.min(page, last);
  const hasUnread = data?.list.some((notice) => !notice.read) ?? false;
  // Compact buttons on the desktop table; full touch size on a phone.
  const buttonSize = useIsPhone() ? 'middle' : 'small';

  const view = (notice: Notice, href: string) => {
    if (!notice.read) markRead.mutate(notice.id);
    void navigate(href);
  };

  return (
    <section aria-label="我的消息">
      <h1 className={styles.title}>我的消息</h1>
      {hasUnread && (
        <div style={{ textAlign: 'right', marginBottom: 12 }}>
          <Button size={buttonSize} loading={markAll.isPending} onClick={() => markAll.mutate()}>
            全部标为已读
          </Button>
        </div>
      )}
      <Table<Notice>
        rowKey="id"
        loading={isFetching && !data}
        dataSource={data?.list ?? []}
        pagination={false}
        locale={{ emptyText: '暂无数据' }}
        columns={[
          {
            title: '消息内容',
            dataIndex: 'noticeContent',
            render: (text: string, notice) => (
              <>
                <span
                  className={
                    notice.read ? styles.noticeText : `${styles.noticeText} ${styles.unread}`
                  }
                >
                  {text}
                </span>
                <time className={styles.phoneTime} dateTime={notice.createdTime}>
                  {formatTime(notice.createdTime)}
                </time>
              </>
            ),
          },
          {
            title: '时间',
            dataIndex: 'createdTime',
            width: 180,
            // On a phone the time sits under the message instead.
            responsive: ['md'],
            render: formatTime,
          },
          {
            title: '操作',
            key: 'action',
            width: 90,
            render: (_value, notice) => {
              const href = noticeHref(notice);
              return href ? (
                <Button type="link" size={buttonSize} onClick={() => view(notice, href)}>
                  查看
                </Button>
              ) : null;
            },
          },
        ]}
      />
      {total > 0 && (
        <nav className={styles.simplePager} aria-label="分页">
          <Button
            icon={<LeftOutlined />}
            aria-label="上一页"
            disabled={current <= 1}
            onClick={() => setPage(current - 1)}
          />
          <span>
            {current}/{last}
          </span>
          <Button
            icon={<RightOutlined />}
            aria-label="下一页"
            disabled={current >= last}
            onClick={() => setPage(current + 1)}
          />
        </nav>
      )}
    </section>
  );
}
