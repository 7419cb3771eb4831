import {
  CHAT_REPORT_LIMITS,
  CHAT_REPORT_REASON_LABEL,
  CHAT_REPORT_STATUS,
  CHAT_REPORT_STATUSES,
  CHAT_REPORT_STATUS_LABEL,
  type ChatReportReason,
  type ChatReportStatus,
} from '@portal/shared/constants/chat';
import type { AdminChatReport } from '@portal/shared/schemas/chat/admin';
import { Alert, Button, Drawer, Input, Space, Table, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useChatReports, useDecideChatReport, useReportedMessages } from './api';
import { ChatMessagesView } from './chat-messages-view';

function ReportDrawer({
  report,
  onClose,
}: {
  report: AdminChatReport | null;
  onClose: () => void;
}) {
  const { data } = useReportedMessages(report?.id ?? null);
  const decide = useDecideChatReport();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (decision: 'dismiss' | 'uphold') => {
    if (!report) return;
    if (decision === 'uphold' && !note.trim()) {
      setProblem('请输入处理说明');
      return;
    }
    setProblem(null);
    const done = await decide.mutateAsync({ id: report.id, decision, note: note.trim() }).then(
      () => true,
      () => false,
    );
    if (done) {
      setNote('');
      onClose();
    }
  };
  return (
    <Drawer title="会话举报" open={report !== null} onClose={onClose} size="large" destroyOnHidden>
      {report && (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Paragraph>
            {report.reporter.name} 举报 {report.reported.name}：
            {CHAT_REPORT_REASON_LABEL[report.reason as ChatReportReason] ?? report.reason}
            {report.description ? `（${report.description}）` : ''}
          </Typography.Paragraph>
          <ChatMessagesView
            messages={data?.messages ?? []}
            isRight={(id) => id === report.reporter.id}
            nameOf={(id) =>
              id === report.reporter.id ? report.reporter.name : report.reported.name
            }
          />
          {report.status === CHAT_REPORT_STATUS.OPEN && (
            <>
              <Input.TextArea
                rows={3}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                maxLength={CHAT_REPORT_LIMITS.noteMax}
                showCount
                aria-label="处理说明"
                placeholder="处理说明：确认违规时必填，双方都会看到"
              />
              {problem && <Alert type="error" showIcon title={problem} />}
              <Space wrap>
                <Button loading={decide.isPending} onClick={() => void run('dismiss')}>
                  未发现违规
                </Button>
                <Button
                  danger
                  type="primary"
                  loading={decide.isPending}
                  onClick={() => void run('uphold')}
                >
                  确认违规并关闭会话
                </Button>
              </Space>
            </>
          )}
        </Space>
      )}
    </Drawer>
  );
}

/** Reported 房聊 conversations by status; each opens with its messages and the decision. */
export function ChatReportList() {
  const [status, setStatus] = useState<ChatReportStatus>(CHAT_REPORT_STATUS.OPEN);
  const [pageNum, setPageNum] = useState(1);
  const { data, isFetching } = useChatReports(status, pageNum);
  const [open, setOpen] = useState<AdminChatReport | null>(null);
  return (
    <>
      <Tabs
        size="small"
        activeKey={status}
        onChange={(key) => {
          setStatus(key as ChatReportStatus);
          setPageNum(1);
        }}
        items={CHAT_REPORT_STATUSES.map((s) => ({ key: s, label: CHAT_REPORT_STATUS_LABEL[s] }))}
      />
      <Table<AdminChatReport>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 900 }}
        locale={{ emptyText: '暂无举报' }}
        pagination={{
          current: pageNum,
          pageSize: data?.pageSize ?? 20,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageNum,
        }}
        columns={[
          { title: '举报人', key: 'reporter', width: 120, render: (_, r) => r.reporter.name },
          { title: '被举报人', key: 'reported', width: 120, render: (_, r) => r.reported.name },
          {
            title: '原因',
            dataIndex: 'reason',
            width: 130,
            render: (reason: string) =>
              CHAT_REPORT_REASON_LABEL[reason as ChatReportReason] ?? reason,
          },
          { title: '说明', dataIndex: 'description', render: (d: string | null) => d ?? '—' },
          { title: '房源', key: 'listing', width: 200, render: (_, r) => r.listing?.title ?? '—' },
          {
            title: '时间',
            dataIndex: 'createdAt',
            width: 140,
            render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: '操作',
            key: 'actions',
            width: 80,
            fixed: 'right',
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => setOpen(r)}>
                查看
              </Button>
            ),
          },
        ]}
      />
      <ReportDrawer report={open} onClose={() => setOpen(null)} />
    </>
  );
}
