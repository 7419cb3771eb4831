import { Form, Input, Modal } from 'antd';

interface RefusalDialogProps {
  title: string;
  open: boolean;
  isSaving: boolean;
  /** Resolves true when the decision was saved (the dialog then closes and empties). */
  onSubmit: (reason: string) => Promise<boolean>;
  onClose: () => void;
}

/** 不通过 needs a reason (the applicant reads it in 我的摇号): at most 200 characters. */
export function RefusalDialog({ title, open, isSaving, onSubmit, onClose }: RefusalDialogProps) {
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
      okText="确认不通过"
      okButtonProps={{ danger: true }}
      confirmLoading={isSaving}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label="不通过的原因（申请人可见）"
          rules={[
            { required: true, whitespace: true, message: '请填写不通过的原因' },
            { max: 200, message: '原因不能超过 200 字' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
