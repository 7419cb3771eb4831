import { PageTitle } from '../../../components/page-title';
import { MapSearch } from '../../../features/map/components/map-search';

/** /map: 地图找房 (docs/product/new-build.md). */
export default function MapRoute() {
  return (
    <>
      <PageTitle>地图找房</PageTitle>
      <MapSearch />
    </>
  );
}
