import { Form, Input, Modal } from 'antd';

interface ReasonDialogProps {
  title: string;
  open: boolean;
  isSaving: boolean;
  onSubmit: (reason: string) => Promise<boolean>;
  onClose: () => void;
}

/** Asks for the reason of a rejection (1–200 characters); the owner sees it. */
export function ReasonDialog({ title, open, isSaving, onSubmit, onClose }: ReasonDialogProps) {
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
      okText="确认驳回"
      okButtonProps={{ danger: true }}
      confirmLoading={isSaving}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label="驳回原因"
          rules={[
            { required: true, whitespace: true, message: '请输入驳回原因' },
            { max: 200, message: '原因不能超过200个字' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
