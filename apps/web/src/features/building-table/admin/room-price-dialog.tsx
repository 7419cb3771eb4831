import { adminRoomPriceSchema, type AdminRoom } from '@portal/shared/schemas/building-table/admin';
import { Descriptions, Form, InputNumber, Modal } from 'antd';
import { zodFieldBounds, zodFieldRules } from '../../../lib/zod-rules';
import { useSetRoomPrice } from './api';

const PRICE = adminRoomPriceSchema.shape.currentPrice;
const PRICE_RULES = zodFieldRules(PRICE);
const PRICE_BOUNDS = zodFieldBounds(PRICE);

interface FormValues {
  currentPrice: number | null;
}

/** Total price in yuan of `area` ㎡ at `unitPrice` yuan/㎡, as the server computes it. */
function totalOf(area: number, unitPrice: number | null | undefined): number | null {
  return typeof unitPrice === 'number' ? Math.round(area * unitPrice) : null;
}

/**
 * Edits one room's unit price (元/㎡); the total follows from its build area. The server refuses
 * a room that a 网签, a live order or a pending refund holds, and says why in a toast.
 */
export function RoomPriceDialog({ room, onClose }: { room: AdminRoom; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const setPrice = useSetRoomPrice();
  const unitPrice = Form.useWatch('currentPrice', form);
  const total = totalOf(room.buildArea, unitPrice);

  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const parsed = adminRoomPriceSchema.safeParse(values);
    if (!parsed.success) return;
    const saved = await setPrice
      .mutateAsync({ roomId: room.id, currentPrice: parsed.data.currentPrice })
      .catch(() => null);
    if (saved) onClose();
  };

  return (
    <Modal
      open
      title={`修改价格：${room.unitName} ${room.houseMapName}`}
      okText="保存"
      onOk={() => void handleOk()}
      onCancel={onClose}
      confirmLoading={setPrice.isPending}
      destroyOnHidden
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="建筑面积">{room.buildArea} ㎡</Descriptions.Item>
        <Descriptions.Item label="现单价">
          {room.currentPrice.toLocaleString()} 元/㎡
        </Descriptions.Item>
        <Descriptions.Item label="现总价">{room.totalPrice.toLocaleString()} 元</Descriptions.Item>
      </Descriptions>
      <Form<FormValues>
        form={form}
        name="room-price"
        layout="vertical"
        initialValues={{ currentPrice: room.currentPrice }}
      >
        <Form.Item
          name="currentPrice"
          label="新单价（元/㎡）"
          extra={total === null ? '总价按建筑面积计算' : `新总价：${total.toLocaleString()} 元`}
          rules={PRICE_RULES}
        >
          <InputNumber
            min={PRICE_BOUNDS.min}
            max={PRICE_BOUNDS.max}
            precision={0}
            style={{ width: '100%' }}
            autoFocus
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
