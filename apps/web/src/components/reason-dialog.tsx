import { adminReasonSchema } from '@portal/shared/schemas/common/admin';
import { Form, Input, Modal } from 'antd';
import type { z } from 'zod';
import { zodFieldBounds, zodFieldRules } from '../lib/zod-rules';

interface ReasonDialogProps {
  title: string;
  open: boolean;
  isSaving: boolean;
  onSubmit: (reason: string) => Promise<boolean>;
  onClose: () => void;
  /** The field's label; 驳回原因 by default. */
  label?: string;
  /**
   * The shared field the server checks the reason with (its messages and length): the
   * reject reason (`adminReasonSchema`) by default.
   */
  field?: z.ZodType;
  okText?: string;
  /** Whether the action is destructive (red button); true by default. */
  isDanger?: boolean;
}

/** Asks for the reason of a decision, checked as the server checks it; the owner sees it. */
export function ReasonDialog({
  title,
  open,
  isSaving,
  onSubmit,
  onClose,
  label = '驳回原因',
  okText = '确认驳回',
  isDanger = true,
  field = adminReasonSchema.shape.reason,
}: ReasonDialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (await onSubmit(values.reason.trim())) {
      form.resetFields();
      onClose();
    }
  };
  return (
    <Modal
      title={title}
      open={open}
      onOk={() => void handleOk()}
      onCancel={onClose}
      okText={okText}
      okButtonProps={{ danger: isDanger }}
      confirmLoading={isSaving}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={label} rules={zodFieldRules(field)}>
          <Input.TextArea rows={3} maxLength={zodFieldBounds(field).max} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
