import type { MyListing } from '@portal/shared/schemas/listing-trust';
import { Form, InputNumber } from 'antd';
import { useEffect } from 'react';
import { formatListingPrice } from '../lib/listing-filters';
import { SheetDialog } from './sheet-dialog';

interface RepriceDialogProps {
  listing: MyListing | null;
  isSaving: boolean;
  onClose: () => void;
  /** The new price in yuan (sale) or yuan/month (rent). */
  onSave: (price: number) => void;
}

/**
 * 调价 of a published listing: a sale's total price in 万 (sent ×10000) or a rent in 元/月. The
 * new price shows at once and the listing's followers are told.
 */
export function RepriceDialog({ listing, isSaving, onClose, onSave }: RepriceDialogProps) {
  const [form] = Form.useForm<{ price?: number }>();
  const isSale = listing?.type === 1;
  useEffect(() => {
    if (listing) form.setFieldsValue({ price: isSale ? listing.price / 10_000 : listing.price });
  }, [form, listing, isSale]);

  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values?.price === undefined) return;
    onSave(isSale ? Math.round(values.price * 10_000) : Math.round(values.price));
  };

  return (
    <SheetDialog
      title="调价"
      open={listing !== null}
      okText="确定调价"
      isSaving={isSaving}
      onOk={() => void handleOk()}
      onClose={onClose}
    >
      {listing && (
        <Form form={form} layout="vertical" requiredMark={false}>
          <p>当前价格：{formatListingPrice(listing.type, listing.price)}</p>
          <Form.Item
            name="price"
            label={isSale ? '新售价（万元）' : '新租金（元/月）'}
            rules={[{ required: true, message: isSale ? '请输入期望售价' : '请输入期望租金' }]}
          >
            <InputNumber
              min={isSale ? 0.01 : 1}
              precision={isSale ? 2 : 0}
              style={{ width: '100%' }}
              size="large"
            />
          </Form.Item>
          <p>调价后立即生效，收藏该房源的用户会收到通知。</p>
        </Form>
      )}
    </SheetDialog>
  );
}
