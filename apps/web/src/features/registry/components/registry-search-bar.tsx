import { DISTRICT_FILTER_OPTIONS } from '@portal/shared/constants/districts';
import { REGISTRY_KEYWORD_MAX, REGISTRY_PAGE_SIZES } from '@portal/shared/schemas/registry';
import {
  Button,
  Input,
  Select,
  Table,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { STACKED_TABLE_CLASS, withCellLabels } from '../../../components/stacked-table';
import { RegistryEmpty } from './registry-empty';
import styles from './registry.module.css';

/** The district and keyword inputs of a registry table; `onSearch` runs the query. */
export function RegistrySearchBar({
  areaCode,
  onAreaChange,
  onSearch,
  children,
}: {
  areaCode: string;
  onAreaChange: (code: string) => void;
  onSearch: () => void;
  children: ReactNode;
}) {
  return (
    <div className={styles.searchBar} role="search">
      <Select
        className={styles.district}
        aria-label="区域"
        value={areaCode}
        onChange={onAreaChange}
        options={DISTRICT_FILTER_OPTIONS.map((d) => ({ value: d.code, label: d.name }))}
      />
      {children}
      <Button type="primary" onClick={onSearch}>
        查询
      </Button>
    </div>
  );
}

/** A keyword input that searches on Enter. */
export function KeywordInput({
  label,
  value,
  onChange,
  onSearch,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSearch: () => void;
}) {
  return (
    <Input
      aria-label={label}
      placeholder={`请输入${label}`}
      allowClear
      maxLength={REGISTRY_KEYWORD_MAX}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onPressEnter={onSearch}
    />
  );
}

/**
 * The box of a registry table. Where the table scrolls sideways inside it (a phone), antd's
 * scrolling element is made a named, focusable region so a keyboard user can scroll it too.
 */
export function RegistryTableBox({ label, children }: { label: string; children: ReactNode }) {
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const scroller = boxRef.current?.querySelector<HTMLElement>('.ant-table-content');
    if (!scroller || scroller.scrollWidth <= scroller.clientWidth) return;
    scroller.tabIndex = 0;
    scroller.setAttribute('role', 'region');
    scroller.setAttribute('aria-label', label);
  });
  return <div ref={boxRef}>{children}</div>;
}

/** Pager of the registry tables: total, sizes 10/20/30/50 and the jumper (docs/product/registry.md). */
export function registryPagination(
  pageNum: number,
  pageSize: number,
  total: number,
  onChange: (pageNum: number, pageSize: number) => void,
): TablePaginationConfig {
  return {
    current: pageNum,
    pageSize,
    total,
    showSizeChanger: true,
    showQuickJumper: true,
    pageSizeOptions: REGISTRY_PAGE_SIZES.map(String),
    showTotal: (count) => `共 ${count} 条`,
    onChange: (page, size) => onChange(size === pageSize ? page : 1, size),
  };
}

/**
 * One page of a registry's results in its named box: stacked rows on a phone, the
 * registry's empty state and its pagination.
 */
export function RegistryResultTable<Row extends object>({
  label,
  columns,
  page,
  loading,
  pageNum,
  pageSize,
  onPage,
}: {
  label: string;
  columns: TableColumnsType<Row>;
  page: { list: Row[]; total: number } | undefined;
  loading: boolean;
  pageNum: number;
  pageSize: number;
  onPage: (pageNum: number, pageSize: number) => void;
}) {
  return (
    <RegistryTableBox label={label}>
      <Table<Row>
        rowKey="id"
        // On a phone every row is a card of label and value lines: no column hidden or cut.
        className={STACKED_TABLE_CLASS}
        columns={withCellLabels(columns)}
        dataSource={page?.list ?? []}
        loading={loading}
        locale={{ emptyText: <RegistryEmpty /> }}
        pagination={registryPagination(pageNum, pageSize, page?.total ?? 0, onPage)}
      />
    </RegistryTableBox>
  );
}
