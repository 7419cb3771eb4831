import { DEFAULT_DISTRICT } from '@portal/shared/constants/districts';
import type { LicenceQuery, LicenceRow } from '@portal/shared/schemas/registry';
import { Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useIsPhone } from '../../../lib/use-media-query';
import { useLicencePage } from '../api/registry-api';
import { RegistryEmpty } from './registry-empty';
import {
  KeywordInput,
  PHONE_SCROLL,
  RegistryTableBox,
  registryPagination,
  RegistrySearchBar,
} from './registry-search-bar';

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
  const isPhone = useIsPhone();
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
      <RegistryTableBox label="预售许可查询结果">
        <Table<LicenceRow>
          rowKey="id"
          columns={COLUMNS}
          scroll={isPhone ? PHONE_SCROLL : undefined}
          dataSource={data?.list ?? []}
          loading={isFetching}
          locale={{ emptyText: <RegistryEmpty /> }}
          pagination={registryPagination(
            query.pageNum,
            query.pageSize,
            data?.total ?? 0,
            (pageNum, pageSize) => setQuery((current) => ({ ...current, pageNum, pageSize })),
          )}
        />
      </RegistryTableBox>
    </>
  );
}
