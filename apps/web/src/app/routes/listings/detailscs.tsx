import { ListingDetailPage } from './listing-detail-page';

/** /detailscs: a second-hand sale listing. */
export default function DetailscsRoute() {
  return <ListingDetailPage type={1} />;
}
