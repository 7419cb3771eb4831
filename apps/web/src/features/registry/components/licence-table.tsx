import { DEFAULT_DISTRICT } from '@portal/shared/constants/districts';
import type { LicenceQuery, LicenceRow } from '@portal/shared/schemas/registry';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLicencePage } from '../api/registry-api';
import { KeywordInput, RegistryResultTable, RegistrySearchBar } from './registry-search-bar';

const COLUMNS: TableColumnsType<LicenceRow> = [
  { title: '项目名称', dataIndex: 'projectName' },
  { title: '楼栋号', dataIndex: 'buildNum' },
  { title: '坐落', dataIndex: 'address' },
  { title: '开发企业', dataIndex: 'company' },
  { title: '预售许可证号', dataIndex: 'presellLicence' },
  { title: '录入日期', dataIndex: 'statusDate', width: 120 },
];

/** 预售许可查询: project-name and developer keywords (trimmed) and the paged licence table. */
export function LicenceTable() {
  const [projectName, setProjectName] = useState('');
  const [company, setCompany] = useState('');
  const [areaCode, setAreaCode] = useState<string>(DEFAULT_DISTRICT);
  const [query, setQuery] = useState<LicenceQuery>({
    pageNum: 1,
    pageSize: 10,
    projectName: '',
    company: '',
    areaCode: DEFAULT_DISTRICT,
  });
  const { data, isFetching } = useLicencePage(query);

  const handleSearch = () =>
    setQuery((current) => ({
      ...current,
      pageNum: 1,
      projectName: projectName.trim(),
      company: company.trim(),
      areaCode: areaCode as LicenceQuery['areaCode'],
    }));

  return (
    <>
      <RegistrySearchBar areaCode={areaCode} onAreaChange={setAreaCode} onSearch={handleSearch}>
        <KeywordInput
          label="项目名称"
          value={projectName}
          onChange={setProjectName}
          onSearch={handleSearch}
        />
        <KeywordInput
          label="开发企业"
          value={company}
          onChange={setCompany}
          onSearch={handleSearch}
        />
      </RegistrySearchBar>
      <RegistryResultTable<LicenceRow>
        label="预售许可查询结果"
        columns={COLUMNS}
        page={data}
        loading={isFetching}
        pageNum={query.pageNum}
        pageSize={query.pageSize}
        onPage={(pageNum, pageSize) => setQuery((current) => ({ ...current, pageNum, pageSize }))}
      />
    </>
  );
}
