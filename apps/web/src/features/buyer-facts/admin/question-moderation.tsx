import {
  questionModerationSchema,
  type HiddenQuestion,
  type ReportedQuestion,
} from '@portal/shared/schemas/questions/admin';
import { Button, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/reason-dialog';
import { paths } from '../../../config/paths';
import { useHiddenQuestions, useModerateQuestion, useReportedQuestions } from './api';

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

/** Where the question was asked, linked to its public page. */
function Target({ row }: { row: ReportedQuestion }) {
  const href =
    row.targetType === 'project'
      ? paths.houseHome.getHref({ id: row.targetId })
      : paths.detailscs.getHref({ id: row.targetId });
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {row.targetType === 'project' ? '楼盘' : '房源'} #{row.targetId}
    </a>
  );
}

/** The question with its answer, who asked and who answered. */
function questionColumns<T extends ReportedQuestion>(): ColumnsType<T> {
  return [
    {
      title: '问题与回答',
      key: 'body',
      render: (_, row) => (
        <Space direction="vertical" size={2}>
          <Typography.Text strong>问：{row.body}</Typography.Text>
          <Typography.Text type="secondary">
            {row.askedBy} · {time(row.askedAt)}
          </Typography.Text>
          {row.answer ? (
            <Typography.Text>
              答（{row.answeredAs}，{time(row.answeredAt)}）：{row.answer}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">尚未回答</Typography.Text>
          )}
        </Space>
      ),
    },
    { title: '所在页面', key: 'target', width: 120, render: (_, row) => <Target row={row} /> },
    {
      title: '举报',
      dataIndex: 'reportCount',
      width: 90,
      render: (n: number) => (n > 0 ? <Tag color="red">{n}次</Tag> : '—'),
    },
  ];
}

/**
 * 问答管理: the reported questions still shown (most reported first) to hide, and the hidden
 * ones to show again, each with the reason, which the audit log keeps
 * (docs/product/facts-console.md).
 */
export function QuestionModeration() {
  const reported = useReportedQuestions();
  const hidden = useHiddenQuestions();
  const moderate = useModerateQuestion();
  const [acting, setActing] = useState<{ id: number; action: 'hide' | 'restore' } | null>(null);

  return (
    <>
      <Typography.Title level={4}>问答管理</Typography.Title>
      <Typography.Paragraph type="secondary">
        被举报的问答仍在楼盘或房源页显示，直到隐藏。隐藏后问题连同回答离开公开页面；举报不成立的可恢复显示（举报次数清零）。隐藏和恢复都须填写原因，记入操作日志。
      </Typography.Paragraph>
      <Tabs
        items={[
          {
            key: 'reported',
            label: `待处理举报（${reported.data?.length ?? 0}）`,
            children: (
              <Table<ReportedQuestion>
                rowKey="id"
                size="middle"
                loading={reported.isFetching}
                dataSource={reported.data ?? []}
                pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
                locale={{ emptyText: '没有待处理的举报' }}
                columns={[
                  ...questionColumns<ReportedQuestion>(),
                  {
                    title: '操作',
                    key: 'actions',
                    width: 100,
                    render: (_, row) => (
                      <Button
                        danger
                        size="small"
                        aria-label={`隐藏问题：${row.body.slice(0, 20)}`}
                        onClick={() => setActing({ id: row.id, action: 'hide' })}
                      >
                        隐藏
                      </Button>
                    ),
                  },
                ]}
              />
            ),
          },
          {
            key: 'hidden',
            label: `已隐藏（${hidden.data?.length ?? 0}）`,
            children: (
              <Table<HiddenQuestion>
                rowKey="id"
                size="middle"
                loading={hidden.isFetching}
                dataSource={hidden.data ?? []}
                pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
                locale={{ emptyText: '没有已隐藏的问答' }}
                columns={[
                  ...questionColumns<HiddenQuestion>(),
                  {
                    title: '隐藏原因',
                    key: 'reason',
                    width: 260,
                    render: (_, row) => (
                      <Space direction="vertical" size={0}>
                        <span>{row.hiddenReason ?? '（未记录原因）'}</span>
                        <Typography.Text type="secondary">
                          {row.hiddenByName ?? '运营人员'} · {time(row.hiddenAt)}
                        </Typography.Text>
                      </Space>
                    ),
                  },
                  {
                    title: '操作',
                    key: 'actions',
                    width: 110,
                    render: (_, row) => (
                      <Button
                        size="small"
                        aria-label={`恢复显示问题：${row.body.slice(0, 20)}`}
                        onClick={() => setActing({ id: row.id, action: 'restore' })}
                      >
                        恢复显示
                      </Button>
                    ),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <ReasonDialog
        title={acting?.action === 'restore' ? '恢复显示问答' : '隐藏问答'}
        label={acting?.action === 'restore' ? '恢复原因' : '隐藏原因'}
        okText={acting?.action === 'restore' ? '确认恢复' : '确认隐藏'}
        isDanger={acting?.action !== 'restore'}
        field={questionModerationSchema.shape.reason}
        open={acting !== null}
        isSaving={moderate.isPending}
        onClose={() => setActing(null)}
        onSubmit={async (reason) => {
          if (!acting) return false;
          const done = await moderate
            .mutateAsync({ ...acting, reason })
            .then(() => true)
            .catch(() => false);
          return done;
        }}
      />
    </>
  );
}
