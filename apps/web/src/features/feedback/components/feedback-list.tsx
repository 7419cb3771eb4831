import { FEEDBACK_LIMITS } from '@portal/shared/constants/chat';
import type { FeedbackRow } from '@portal/shared/schemas/feedback';
import { FEEDBACK_STATUS, FEEDBACK_STATUS_LABEL } from '@portal/shared/status';
import { Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { PaginationBar } from '../../../components/pagination-bar';
import { RouteLink } from '../../../components/route-link';
import { STACKED_TABLE_CLASS, withCellLabels } from '../../../components/stacked-table';
import { paths } from '../../../config/paths';
import { useOwnFeedback } from '../api/feedback-api';
import styles from './feedback.module.css';

const formatTime = (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm');

/** On a phone the name and time columns give way; the time shows under the title instead. */
const COLUMNS: TableColumnsType<FeedbackRow> = [
  { title: '姓名', dataIndex: 'realname', width: 120, responsive: ['md'] },
  {
    title: '标题',
    dataIndex: 'title',
    ellipsis: true,
    render: (title: string, row: FeedbackRow) => (
      <>
        {title}
        <time className={styles.phoneTime} dateTime={row.createdTime}>
          {formatTime(row.createdTime)}
        </time>
      </>
    ),
  },
  {
    title: '时间',
    dataIndex: 'createdTime',
    width: 180,
    responsive: ['md'],
    render: formatTime,
  },
  {
    title: '状态',
    dataIndex: 'state',
    width: 100,
    render: (state: FeedbackRow['state']) => (
      <span
        className={state === FEEDBACK_STATUS.PENDING ? styles.pending : styles.replied}
        data-state={state}
      >
        {FEEDBACK_STATUS_LABEL[state]}
      </span>
    ),
  },
  {
    title: '操作',
    key: 'action',
    width: 90,
    render: (_: unknown, row: FeedbackRow) => (
      <RouteLink routeKey="feedbackDetails" href={paths.feedbackDetails.getHref({ id: row.id })}>
        查看
      </RouteLink>
    ),
  },
];

/** 我的反馈: the caller's own feedback, 10 a page; 待处理 stands out from 已回复 (docs/product/content.md). */
export function FeedbackList() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useOwnFeedback(page);
  return (
    <>
      <Table<FeedbackRow>
        rowKey="id"
        // A phone shows each item as a card: the whole title, its time, state and 查看.
        className={STACKED_TABLE_CLASS}
        columns={withCellLabels(COLUMNS)}
        dataSource={isError ? [] : (data?.list ?? [])}
        loading={isPending}
        pagination={false}
        locale={{ emptyText: '暂无反馈' }}
        data-testid="feedback-table"
      />
      <PaginationBar
        current={page}
        total={isError ? 0 : (data?.total ?? 0)}
        pageSize={FEEDBACK_LIMITS.pageSize}
        onChange={setPage}
      />
    </>
  );
}
