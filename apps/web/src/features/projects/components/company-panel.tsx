import type { ProjectDetail } from '@portal/shared/schemas/projects';
import { SectionPanel } from '../../../components/section-panel';
import { InfoList } from './info-list';

/** 开发企业 block: name, qualification level and number (docs/product/new-build.md). */
export function CompanyPanel({ project }: { project: ProjectDetail }) {
  const company = project.companyVO;
  return (
    <SectionPanel title="开发企业">
      <InfoList
        columns={3}
        entries={[
          { label: '企业名称', value: company?.companyName },
          { label: '资质等级', value: company?.qualificationLevel },
          { label: '资质证书号', value: company?.qualificationNum },
        ]}
      />
    </SectionPanel>
  );
}
