import {
  LISTING_REPORT_REASON_LABEL,
  type ListingReportReason,
} from '@portal/shared/constants/listing-trust';

/** A listing report reason's label (an unknown key shows as stored). */
export function reportReasonLabel(reason: string): string {
  return LISTING_REPORT_REASON_LABEL[reason as ListingReportReason] ?? reason;
}
