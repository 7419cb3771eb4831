import { orderRefundSchema } from '@portal/shared/schemas/orders';
import { Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import type { z } from 'zod';
import { SHEET_MODAL_PROPS } from '../../../components/sheet-modal';
import { zodFieldBounds, zodFieldRules } from '../../../lib/zod-rules';

/** The refund request's fields, checked as the server checks them. */
const REFUND_INTENTION_RULES = zodFieldRules(orderRefundSchema.shape.refundIntention);
const REFUND_REMARK_RULES = zodFieldRules(orderRefundSchema.shape.remark);
const REFUND_REMARK_MAX = zodFieldBounds(orderRefundSchema.shape.remark).max;

/** A refused validation: the form already shows its messages under the fields. */
const ignoreInvalid = () => undefined;

interface ReasonDialogProps {
  open: boolean;
  title: string;
  label: string;
  /**
   * The shared field the server checks this reason with (whether it is required, its length and
   * messages): the cancel and delay reasons are required, the give-up remark is not
   * (docs/product/orders.md).
   */
  field: z.ZodType;
  confirmLoading?: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}

/** Cancel-order, delay and give-up dialogs: one reason field (docs/product/orders.md). */
export function ReasonDialog({
  open,
  title,
  label,
  field,
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
        <Form.Item name="reason" label={label} initialValue="" rules={zodFieldRules(field)}>
          <Input.TextArea rows={4} maxLength={zodFieldBounds(field).max} showCount />
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
        <Form.Item name="refundIntention" label="退款意向" rules={REFUND_INTENTION_RULES}>
          <Radio.Group>
            <Radio value={1}>仅退款</Radio>
            <Radio value={2}>退款并解除合同</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="remark" label="备注" initialValue="" rules={REFUND_REMARK_RULES}>
          <Input.TextArea rows={3} maxLength={REFUND_REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
