import { RegistryPage } from '../../../features/registry/components/registry-page';
import { SupervisionTable } from '../../../features/registry/components/supervision-table';

/** /fundsupervision: 预售资金监管账户公示 (docs/product/registry.md). */
export default function FundSupervisionRoute() {
  return (
    <RegistryPage title="监管账户开户查询">
      <SupervisionTable />
    </RegistryPage>
  );
}
