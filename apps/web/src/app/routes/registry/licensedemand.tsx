import { LicenceTable } from '../../../features/registry/components/licence-table';
import { RegistryPage } from '../../../features/registry/components/registry-page';

/** /licensedemand: 预售许可查询 (docs/product/registry.md). */
export default function LicenceDemandRoute() {
  return (
    <RegistryPage title="预售许可查询">
      <LicenceTable />
    </RegistryPage>
  );
}
