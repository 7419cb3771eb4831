import { DEFAULT_DISTRICT } from '@portal/shared/constants/districts';
import type { SupervisionQuery, SupervisionRow } from '@portal/shared/schemas/registry';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useSupervisionPage } from '../api/registry-api';
import { KeywordInput, RegistryResultTable, RegistrySearchBar } from './registry-search-bar';

const COLUMNS: TableColumnsType<SupervisionRow> = [
  { title: '项目名称', dataIndex: 'projectName' },
  { title: '监管范围', dataIndex: 'scope' },
  { title: '监管银行', dataIndex: 'bank' },
  { title: '监管账户', dataIndex: 'account' },
  { title: '开发企业', dataIndex: 'company' },
  { title: '协议签订日期', dataIndex: 'statusDate', width: 130 },
];

/** 监管账户开户查询: one keyword (project name or developer, trimmed) and the paged table. */
export function SupervisionTable() {
  const [keyword, setKeyword] = useState('');
  const [areaCode, setAreaCode] = useState<string>(DEFAULT_DISTRICT);
  const [query, setQuery] = useState<SupervisionQuery>({
    pageNum: 1,
    pageSize: 10,
    keyword: '',
    areaCode: DEFAULT_DISTRICT,
  });
  const { data, isFetching } = useSupervisionPage(query);

  const handleSearch = () =>
    setQuery((current) => ({
      ...current,
      pageNum: 1,
      keyword: keyword.trim(),
      areaCode: areaCode as SupervisionQuery['areaCode'],
    }));

  return (
    <>
      <RegistrySearchBar areaCode={areaCode} onAreaChange={setAreaCode} onSearch={handleSearch}>
        <KeywordInput
          label="项目名称或开发企业"
          value={keyword}
          onChange={setKeyword}
          onSearch={handleSearch}
        />
      </RegistrySearchBar>
      <RegistryResultTable<SupervisionRow>
        label="监管账户开户查询结果"
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
