import { ListingReview } from '../../../features/listings/admin/listing-review';

/** /admin/listings: second-hand listing review. */
export default function AdminListingsRoute() {
  return <ListingReview />;
}
