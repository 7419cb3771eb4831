import { LISTING_TYPE } from '@portal/shared/constants/listings';
import { listingRepriceSchema, type MyListing } from '@portal/shared/schemas/listing-trust';
import { Form, InputNumber } from 'antd';
import { useEffect } from 'react';
import { formatListingPrice } from '../lib/listing-filters';
import { priceEntry, priceFieldRules } from '../lib/listing-price';
import { SheetDialog } from './sheet-dialog';

interface RepriceDialogProps {
  listing: MyListing | null;
  isSaving: boolean;
  onClose: () => void;
  /** The new price in yuan (sale) or yuan/month (rent). */
  onSave: (price: number) => void;
}

/**
 * 调价 of a published listing: a sale's total price in 万 or a rent in 元/月 (priceEntry), checked
 * in yuan against the field `POST /api/listings/:id/price` checks. The new price shows at once
 * and the listing's followers are told.
 */
export function RepriceDialog({ listing, isSaving, onClose, onSave }: RepriceDialogProps) {
  const [form] = Form.useForm<{ price?: number }>();
  const type = listing?.type ?? 1;
  const isSale = type === LISTING_TYPE.SALE;
  const entry = priceEntry(type);
  const price = priceFieldRules(listingRepriceSchema.shape.price, type);
  useEffect(() => {
    if (listing) form.setFieldsValue({ price: priceEntry(listing.type).fromYuan(listing.price) });
  }, [form, listing]);

  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values?.price === undefined) return;
    onSave(entry.toYuan(values.price));
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
            rules={price.rules}
          >
            <InputNumber {...price.input} style={{ width: '100%' }} size="large" />
          </Form.Item>
          <p>调价后立即生效，收藏该房源的用户会收到通知。</p>
        </Form>
      )}
    </SheetDialog>
  );
}
