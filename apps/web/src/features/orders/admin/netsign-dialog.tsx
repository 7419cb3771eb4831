import { type AdminOrderRow, adminNetsignSchema } from '@portal/shared/schemas/orders/admin';
import { Alert, DatePicker, Form, Input, Modal } from 'antd';
import useApp from 'antd/es/app/useApp';
import dayjs, { type Dayjs } from 'dayjs';
import { zodFieldBounds, zodFieldRules } from '../../../lib/zod-rules';
import { useRecordNetsign } from './api';

const NETSIGN_NUM_RULES = zodFieldRules(adminNetsignSchema.shape.netsignnum);
const NETSIGN_NUM_MAX = zodFieldBounds(adminNetsignSchema.shape.netsignnum).max;

interface FormValues {
  netsignnum: string;
  netsignTime: Dayjs;
}

/** Records the 网签 contract number and time of a paid order; the deposit is then refunded. */
export function NetsignDialog({
  order,
  onClose,
}: {
  order: AdminOrderRow | null;
  onClose: () => void;
}) {
  const { message } = useApp();
  const [form] = Form.useForm<FormValues>();
  const record = useRecordNetsign();

  const handleOk = async () => {
    if (!order) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const outcome = await record
      .mutateAsync({
        id: order.id,
        body: {
          netsignnum: values.netsignnum.trim(),
          netsignTime: values.netsignTime.toISOString(),
        },
      })
      .catch(() => null);
    if (!outcome) return;
    if (outcome.refund === 'refunded') message.success('网签已登记，订约金已自动退还');
    else if (outcome.refund === 'processing') {
      message.info('网签已登记；银行已受理退款，到账确认后订单自动变为已退款', 8);
    } else {
      message.warning(
        `网签已登记；${outcome.failReason ?? '银行退款失败'}。订单已标记为退款失败，可稍后点击“重新退款”`,
        8,
      );
    }
    onClose();
  };

  return (
    <Modal
      title="登记网签备案"
      open={order !== null}
      onOk={() => void handleOk()}
      onCancel={onClose}
      okText="确认登记"
      confirmLoading={record.isPending}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={`订单 ${order?.orderNo ?? ''}：登记后订约金 ${order?.lockMoney ?? ''} 元将按约定自动退还给购房人，房源标记为已售。`}
      />
      <Form<FormValues> form={form} layout="vertical" initialValues={{ netsignTime: dayjs() }}>
        <Form.Item name="netsignnum" label="网签合同编号" rules={NETSIGN_NUM_RULES}>
          <Input maxLength={NETSIGN_NUM_MAX} placeholder="如：WQ2026HGQ000123" />
        </Form.Item>
        <Form.Item
          name="netsignTime"
          label="网签时间"
          rules={[{ required: true, message: '请选择网签时间' }]}
        >
          <DatePicker showTime disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
