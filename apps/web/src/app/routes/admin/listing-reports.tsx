import { ListingReportQueue } from '../../../features/listings/admin/listing-report-queue';

/** /admin/listing-reports: the report queue of second-hand listings. */
export default function AdminListingReportsRoute() {
  return <ListingReportQueue />;
}
