import { ListingReview } from '../../../features/admin/components/listing-review';

/** /admin/listings: second-hand listing review. */
export default function AdminListingsRoute() {
  return <ListingReview />;
}
