import {
  LISTING_REPORT_LIMITS,
  LISTING_REPORT_REASON_LABEL,
  LISTING_REPORT_REASONS,
  type ListingReportReason,
} from '@portal/shared/constants/listing-trust';
import { listingReportFormSchema } from '@portal/shared/schemas/listing-trust';
import { Form, Input, Radio } from 'antd';
import { zodFieldBounds, zodFieldRules } from '../../../lib/zod-rules';
import { useReportListing } from '../api/listing-trust';
import { ReportPhotos, type ReportPhoto } from './report-photos';
import { SheetDialog } from './sheet-dialog';
import styles from './sheet-dialog.module.css';

/** The reason and description rules, from the shared fields the server checks. */
const REASON_RULES = zodFieldRules(listingReportFormSchema.shape.reason);
const DESCRIPTION = listingReportFormSchema.shape.description;
const DESCRIPTION_RULES = zodFieldRules(DESCRIPTION);
const DESCRIPTION_MAX = zodFieldBounds(DESCRIPTION).max;

interface ReportListingDialogProps {
  listingId: number;
  open: boolean;
  onClose: () => void;
  onReported: () => void;
}

interface ReportValues {
  reason?: ListingReportReason;
  description?: string;
  photos?: ReportPhoto[];
}

/**
 * 举报 of a listing: a reason (已售/已租, 价格不实, 图片不实, 虚假房源, 其他), an optional
 * description and up to three photos, seen only by the operators (docs/product/listings.md).
 */
export function ReportListingDialog({
  listingId,
  open,
  onClose,
  onReported,
}: ReportListingDialogProps) {
  const [form] = Form.useForm<ReportValues>();
  const report = useReportListing(listingId);

  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values?.reason) return;
    const done = await report
      .mutateAsync({
        reason: values.reason,
        description: values.description?.trim() || undefined,
        photos: (values.photos ?? []).map((photo) => photo.path),
      })
      .then(
        () => true,
        () => false,
      );
    if (!done) return;
    form.resetFields();
    onReported();
  };

  return (
    <SheetDialog
      title="举报房源"
      open={open}
      okText="提交举报"
      isSaving={report.isPending}
      onOk={() => void handleOk()}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="reason" label="举报原因" rules={REASON_RULES}>
          <Radio.Group
            className={styles.sheetChoices}
            options={LISTING_REPORT_REASONS.map((reason) => ({
              value: reason,
              label: LISTING_REPORT_REASON_LABEL[reason],
            }))}
          />
        </Form.Item>
        <Form.Item name="description" label="补充说明（选填）" rules={DESCRIPTION_RULES}>
          <Input.TextArea
            rows={3}
            maxLength={DESCRIPTION_MAX}
            showCount
            placeholder="例如：电话咨询时房东说已经卖了"
          />
        </Form.Item>
        <Form.Item name="photos" label={`图片（选填，最多${LISTING_REPORT_LIMITS.photos}张）`}>
          <ReportPhotos />
        </Form.Item>
      </Form>
    </SheetDialog>
  );
}
