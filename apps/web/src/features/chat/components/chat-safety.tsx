import {
  CHAT_REPORT_REASON_LABEL,
  CHAT_REPORT_REASONS,
  type ChatReportReason,
} from '@portal/shared/constants/chat';
import { type ChatConversation, chatReportBodySchema } from '@portal/shared/schemas/chat';
import { Button, Form, Input, Modal, Radio, Space } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useState } from 'react';
import { zodFieldBounds, zodFieldRules } from '../../../lib/zod-rules';
import { reportConversation, setBlocked } from '../api/chat-api';

/** The report's fields as the server checks them. */
const REPORT_REASON_RULES = zodFieldRules(chatReportBodySchema.shape.reason);
const REPORT_DESCRIPTION_RULES = zodFieldRules(chatReportBodySchema.shape.description);
const REPORT_DESCRIPTION_MAX = zodFieldBounds(chatReportBodySchema.shape.description).max;

/** Why nothing can be sent in a conversation, or null when sending is open. */
export function sendBlockedReason(conversation: ChatConversation | undefined): string | null {
  if (!conversation) return null;
  if (conversation.closed) return '该会话已被平台关闭，无法继续发送消息';
  if (conversation.blockedByMe) return '您已屏蔽对方，解除屏蔽后才能发送消息';
  if (conversation.blockedMe) return '对方已将您屏蔽，消息无法发送';
  return null;
}

interface ChatSafetyProps {
  conversation: ChatConversation;
  /** Called after a block, an unblock or a report, to read the conversation again. */
  onChanged: () => void;
}

/**
 * 屏蔽 / 解除屏蔽 and 举报 of a conversation between citizens. The service channel (平台客服)
 * has neither.
 */
export function ChatSafety({ conversation, onChanged }: ChatSafetyProps) {
  const { modal, message } = useApp();
  const [isReporting, setReporting] = useState(false);
  if (conversation.kind === 'service') return null;

  const toggleBlock = () => {
    const next = !conversation.blockedByMe;
    modal.confirm({
      title: next ? '屏蔽对方' : '解除屏蔽',
      content: next ? '屏蔽后双方都不能再发送消息，可随时解除。' : '解除后双方可以继续发送消息。',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await setBlocked(conversation.id, next);
        message.success(next ? '已屏蔽对方' : '已解除屏蔽');
        onChanged();
      },
    });
  };

  return (
    <>
      <Space size={4} wrap>
        <Button size="small" onClick={toggleBlock}>
          {conversation.blockedByMe ? '解除屏蔽' : '屏蔽'}
        </Button>
        <Button
          size="small"
          danger
          disabled={conversation.reportedByMe}
          onClick={() => setReporting(true)}
        >
          {conversation.reportedByMe ? '已举报' : '举报'}
        </Button>
      </Space>
      <ReportDialog
        open={isReporting}
        conversationId={conversation.id}
        onClose={() => setReporting(false)}
        onDone={() => {
          setReporting(false);
          message.success('举报已提交，平台处理后会通知您');
          onChanged();
        }}
      />
    </>
  );
}

function ReportDialog(props: {
  open: boolean;
  conversationId: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<{ reason?: ChatReportReason; description?: string }>();
  const [isSaving, setSaving] = useState(false);
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values?.reason) return;
    setSaving(true);
    const done = await reportConversation(props.conversationId, {
      reason: values.reason,
      description: values.description?.trim() || undefined,
    }).then(
      () => true,
      () => false,
    );
    setSaving(false);
    if (done) {
      form.resetFields();
      props.onDone();
    }
  };
  return (
    <Modal
      title="举报会话"
      open={props.open}
      okText="提交举报"
      cancelText="取消"
      confirmLoading={isSaving}
      onOk={() => void submit()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="reason" label="举报原因" rules={REPORT_REASON_RULES}>
          <Radio.Group
            options={CHAT_REPORT_REASONS.map((r) => ({
              value: r,
              label: CHAT_REPORT_REASON_LABEL[r],
            }))}
          />
        </Form.Item>
        <Form.Item name="description" label="补充说明（选填）" rules={REPORT_DESCRIPTION_RULES}>
          <Input.TextArea rows={3} maxLength={REPORT_DESCRIPTION_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
