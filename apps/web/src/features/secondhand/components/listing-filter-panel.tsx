import { DISTRICT_FILTER_OPTIONS } from '@portal/shared/constants/districts';
import { Input } from 'antd';
import { useState } from 'react';
import { useDictionary } from '../api/reference-data';
import {
  bandRows,
  type FilterRow,
  type ListingFilterName,
  type ListingSearchState,
} from '../lib/listing-filters';
import styles from './listing-filter-panel.module.css';

interface ListingFilterPanelProps {
  state: ListingSearchState;
  onChange: (name: ListingFilterName, value: string) => void;
}

const ALL = { code: '', label: '不限' };

/** Keyword box and filter rows of /secondhandhouse (spec 3 §9 bands, dictionaries for the rest). */
export function ListingFilterPanel({ state, onChange }: ListingFilterPanelProps) {
  const decorates = useDictionary('decorates');
  const rentTypes = useDictionary('rent_type');
  const rentPays = useDictionary('rent_pay_type');
  const [keyword, setKeyword] = useState(state.filters.keyword ?? '');
  const [shownKeyword, setShownKeyword] = useState(state.filters.keyword);
  if (shownKeyword !== state.filters.keyword) {
    setShownKeyword(state.filters.keyword);
    setKeyword(state.filters.keyword ?? '');
  }
  const fromDictionary = (items: Array<{ id: string; name: string }> | undefined) => [
    ALL,
    ...(items ?? []).map((item) => ({ code: item.id, label: item.name })),
  ];
  const rows: FilterRow[] = [
    {
      name: 'areaCode',
      title: '区域',
      options: DISTRICT_FILTER_OPTIONS.map((d) => ({
        code: d.code,
        label: d.code ? d.name : '不限',
      })),
    },
    ...bandRows(state.type),
    ...(state.type === 2
      ? [
          { name: 'rentType' as const, title: '方式', options: fromDictionary(rentTypes.data) },
          { name: 'rentPay' as const, title: '付款', options: fromDictionary(rentPays.data) },
        ]
      : []),
    { name: 'decorates', title: '装修', options: fromDictionary(decorates.data) },
  ];

  return (
    <section className={styles.panel} aria-label="筛选条件">
      <div className={styles.search}>
        <Input.Search
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onSearch={(text) => onChange('keyword', text.trim())}
          placeholder="请输入小区名称、地址或标题"
          enterButton="搜索"
          allowClear
          maxLength={50}
          aria-label="房源关键词"
        />
      </div>
      {rows.map((row) => (
        <div key={row.name} className={styles.row} role="group" aria-label={row.title}>
          <span className={styles.title}>{row.title}：</span>
          <div className={styles.options}>
            {row.options.map((option) => {
              const isActive = (state.filters[row.name] ?? '') === option.code;
              return (
                <button
                  key={option.code || 'all'}
                  type="button"
                  className={isActive ? `${styles.option} ${styles.active}` : styles.option}
                  aria-pressed={isActive}
                  onClick={() => onChange(row.name, option.code)}
                >
                  {option.label}
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </section>
  );
}
