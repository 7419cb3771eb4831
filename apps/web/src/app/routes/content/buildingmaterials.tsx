import { PageTitle } from '../../../components/page-title';
import { MerchantList } from '../../../features/home/components/merchant-list';

/** /buildingmaterials: trade-in merchants and the trade-in policy (docs/product/content.md). */
export default function BuildingMaterialsRoute() {
  return (
    <>
      <PageTitle>家装建材</PageTitle>
      <MerchantList />
    </>
  );
}
