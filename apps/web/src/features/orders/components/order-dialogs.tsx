import { ORDER_TEXT_MAX, REASON_REQUIRED_MESSAGE } from '@portal/shared/schemas/orders';
import { Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { SHEET_MODAL_PROPS } from '../../../components/sheet-modal';

/** A refused validation: the form already shows its messages under the fields. */
const ignoreInvalid = () => undefined;

interface ReasonDialogProps {
  open: boolean;
  title: string;
  label: string;
  /** Whether a reason must be given (cancel and delay: docs/product/orders.md). */
  required?: boolean;
  confirmLoading?: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}

/** Cancel-order, delay and give-up dialogs: one reason field (docs/product/orders.md). */
export function ReasonDialog({
  open,
  title,
  label,
  required = true,
  confirmLoading,
  onSubmit,
  onCancel,
}: ReasonDialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  return (
    <Modal
      {...SHEET_MODAL_PROPS}
      open={open}
      title={title}
      okText="确定"
      cancelText="取消"
      confirmLoading={confirmLoading}
      onOk={() =>
        void form.validateFields().then((values) => onSubmit(values.reason.trim()), ignoreInvalid)
      }
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={label}
          initialValue=""
          rules={
            required ? [{ required: true, whitespace: true, message: REASON_REQUIRED_MESSAGE }] : []
          }
        >
          <Input.TextArea rows={4} maxLength={ORDER_TEXT_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface RefundDialogProps {
  open: boolean;
  confirmLoading?: boolean;
  onSubmit: (values: { refundIntention: 1 | 2; remark: string }) => void;
  onCancel: () => void;
}

/** 退款申请 dialog: refund intention (1 仅退款, 2 退款并解除合同) and a remark (docs/product/orders.md). */
export function RefundDialog({ open, confirmLoading, onSubmit, onCancel }: RefundDialogProps) {
  const [form] = Form.useForm<{ refundIntention: 1 | 2; remark: string }>();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  return (
    <Modal
      {...SHEET_MODAL_PROPS}
      open={open}
      title="退款申请"
      okText="确定"
      cancelText="取消"
      confirmLoading={confirmLoading}
      onOk={() =>
        void form
          .validateFields()
          .then(
            (values) =>
              onSubmit({ refundIntention: values.refundIntention, remark: values.remark.trim() }),
            ignoreInvalid,
          )
      }
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="refundIntention"
          label="退款意向"
          rules={[{ required: true, message: '请选择退款意向' }]}
        >
          <Radio.Group>
            <Radio value={1}>仅退款</Radio>
            <Radio value={2}>退款并解除合同</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="remark" label="备注" initialValue="">
          <Input.TextArea rows={3} maxLength={ORDER_TEXT_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
