import { ListingReportQueue } from '../../../features/admin/components/listing-report-queue';

/** /admin/listing-reports: the report queue of second-hand listings. */
export default function AdminListingReportsRoute() {
  return <ListingReportQueue />;
}
