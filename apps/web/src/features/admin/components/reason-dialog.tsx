import { Form, Input, Modal } from 'antd';

interface ReasonDialogProps {
  title: string;
  open: boolean;
  isSaving: boolean;
  onSubmit: (reason: string) => Promise<boolean>;
  onClose: () => void;
  /** The field's label and its required message's subject; 驳回原因 by default. */
  label?: string;
  okText?: string;
  /** Whether the action is destructive (red button); true by default. */
  isDanger?: boolean;
}

/** Asks for the reason of a decision (1–200 characters); the owner sees it. */
export function ReasonDialog({
  title,
  open,
  isSaving,
  onSubmit,
  onClose,
  label = '驳回原因',
  okText = '确认驳回',
  isDanger = true,
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
        <Form.Item
          name="reason"
          label={label}
          rules={[
            { required: true, whitespace: true, message: `请输入${label}` },
            { max: 200, message: '原因不能超过200个字' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
