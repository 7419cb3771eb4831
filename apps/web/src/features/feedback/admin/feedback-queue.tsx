import { FEEDBACK_RICH_TEXT } from '@portal/shared/html/allow-lists';
import type { AdminFeedbackRow } from '@portal/shared/schemas/feedback/admin';
import { FEEDBACK_STATUS, FEEDBACK_STATUS_LABEL, type FeedbackStatus } from '@portal/shared/status';
import { Button, Card, Empty, List, Space, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { RichTextEditor, type RichTextTool } from '../../../components/rich-text-editor';
import { toSafeHtml } from '../../../lib/safe-html';
import { useFeedbackQueue, useReplyFeedback } from './api';
import styles from './feedback-queue.module.css';

/** A reply keeps to what a stored reply may hold: emphasis, lists and links. */
const REPLY_TOOLS: readonly RichTextTool[] = ['bold', 'orderedList', 'bulletList', 'link'];

/** Stored HTML, served sanitised by the server and cleaned once more here before it is shown. */
function StoredHtml({ html }: { html: string }) {
  const safe = useMemo(() => toSafeHtml(html, FEEDBACK_RICH_TEXT), [html]);
  return <div className={styles.content} dangerouslySetInnerHTML={{ __html: safe }} />;
}

function ReplyBox({ item }: { item: AdminFeedbackRow }) {
  const reply = useReplyFeedback();
  // The editor puts its starting value into the live page, so a stored reply is cleaned first.
  const stored = useMemo(() => toSafeHtml(item.reply ?? '', FEEDBACK_RICH_TEXT), [item.reply]);
  const [html, setHtml] = useState(stored);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <RichTextEditor
        key={item.id}
        value={stored}
        onChange={setHtml}
        allowList={FEEDBACK_RICH_TEXT}
        tools={REPLY_TOOLS}
        label="回复内容"
        minHeight={100}
      />
      <Button
        type="primary"
        loading={reply.isPending}
        onClick={() => void reply.mutateAsync({ id: item.id, html }).catch(() => null)}
      >
        {item.state === FEEDBACK_STATUS.REPLIED ? '修改回复' : '发送回复'}
      </Button>
    </Space>
  );
}

/** The feedback queue: each question with the asker's details and a rich-text reply box. */
export function FeedbackQueue() {
  const [state, setState] = useState<FeedbackStatus>(FEEDBACK_STATUS.PENDING);
  const [pageNum, setPageNum] = useState(1);
  const { data, isFetching } = useFeedbackQueue(state, pageNum);
  return (
    <>
      <Typography.Title level={4}>反馈回复</Typography.Title>
      <Tabs
        activeKey={state}
        onChange={(key) => {
          setState(key as FeedbackStatus);
          setPageNum(1);
        }}
        items={[
          { key: FEEDBACK_STATUS.PENDING, label: FEEDBACK_STATUS_LABEL[FEEDBACK_STATUS.PENDING] },
          { key: FEEDBACK_STATUS.REPLIED, label: FEEDBACK_STATUS_LABEL[FEEDBACK_STATUS.REPLIED] },
        ]}
      />
      <List<AdminFeedbackRow>
        loading={isFetching}
        dataSource={data?.list ?? []}
        locale={{
          emptyText: (
            <Empty description={state === FEEDBACK_STATUS.PENDING ? '没有待处理的反馈' : '暂无'} />
          ),
        }}
        pagination={{
          current: pageNum,
          pageSize: data?.pageSize ?? 20,
          total: data?.total ?? 0,
          onChange: setPageNum,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
        renderItem={(item) => (
          <Card
            key={item.id}
            data-testid={`feedback-${item.id}`}
            size="small"
            className={styles.card}
            title={item.title}
            extra={
              <Space>
                <Tag color={item.state === FEEDBACK_STATUS.PENDING ? 'orange' : 'green'}>
                  {FEEDBACK_STATUS_LABEL[item.state]}
                </Tag>
                <span>
                  {item.realname} {item.phone} ·{' '}
                  {dayjs(item.createdTime).format('YYYY-MM-DD HH:mm')}
                </span>
              </Space>
            }
          >
            <StoredHtml html={item.content} />
            <ReplyBox item={item} />
          </Card>
        )}
      />
    </>
  );
}
