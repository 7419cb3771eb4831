import { BuyerQueryForm } from '../../../features/registry/components/buyer-query-form';
import { RegistryPage } from '../../../features/registry/components/registry-page';

/** /yszjpage: 预售资金监管进帐查询 with the buyer's credentials (docs/product/registry.md). */
export default function YszjRoute() {
  return (
    <RegistryPage title="预售资金监管进帐查询">
      <BuyerQueryForm kind="funds" />
    </RegistryPage>
  );
}
