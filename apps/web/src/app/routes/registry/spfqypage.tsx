import { BuyerQueryForm } from '../../../features/registry/components/buyer-query-form';
import { RegistryPage } from '../../../features/registry/components/registry-page';

/** /spfqypage: 商品房签约查询, house and price info only (docs/product/registry.md). */
export default function SpfqyRoute() {
  return (
    <RegistryPage title="商品房签约查询">
      <BuyerQueryForm kind="contract" />
    </RegistryPage>
  );
}
