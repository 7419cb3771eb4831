import { ListingDetailPage } from './listing-detail-page';

/** /detailscz: a rental listing. */
export default function DetailsczRoute() {
  return <ListingDetailPage type={2} />;
}
