import { DISTRICT_FILTER_OPTIONS } from '@portal/shared/constants/districts';
import {
  PROJECT_AREA_BANDS,
  PROJECT_KINDS,
  PROJECT_LAYOUTS,
  PROJECT_PRICE_BANDS,
  PROJECT_PURPOSES,
} from '@portal/shared/constants/project-filters';
import { Input } from 'antd';
import { useState } from 'react';
import type { FilterName } from '../api/project-urls';
import styles from './project-filters.module.css';

interface Option {
  code: string;
  label: string;
}

const withAll = (options: ReadonlyArray<Option>): Option[] => [
  { code: '', label: '不限' },
  ...options,
];

const ROWS: ReadonlyArray<{ name: FilterName; title: string; options: Option[] }> = [
  {
    name: 'areaCode',
    title: '区域',
    options: DISTRICT_FILTER_OPTIONS.map((d) => ({
      code: d.code,
      label: d.code ? d.name : '不限',
    })),
  },
  { name: 'priceScope', title: '单价', options: withAll(PROJECT_PRICE_BANDS) },
  { name: 'bedroom', title: '户型', options: withAll(PROJECT_LAYOUTS) },
  { name: 'buildAreaScope', title: '面积', options: withAll(PROJECT_AREA_BANDS) },
  { name: 'properties', title: '用途', options: withAll(PROJECT_PURPOSES) },
  { name: 'houseType', title: '类型', options: [...PROJECT_KINDS] },
];

interface ProjectFiltersProps {
  values: Partial<Record<FilterName, string>>;
  onChange: (name: FilterName, value: string) => void;
}

/** The keyword box and the six filter rows of /newHouse (spec 3 §2.1). */
export function ProjectFilters({ values, onChange }: ProjectFiltersProps) {
  const [keyword, setKeyword] = useState(values.keyword ?? '');
  const [shownKeyword, setShownKeyword] = useState(values.keyword);
  if (shownKeyword !== values.keyword) {
    // The URL changed (back/forward, a link): show its keyword in the box.
    setShownKeyword(values.keyword);
    setKeyword(values.keyword ?? '');
  }

  return (
    <section className={styles.panel} aria-label="筛选条件">
      <div className={styles.search}>
        <Input.Search
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onSearch={(text) => onChange('keyword', text.trim())}
          placeholder="请输入楼盘名称、开发企业"
          enterButton="搜索"
          allowClear
          maxLength={50}
          aria-label="楼盘关键词"
        />
      </div>
      {ROWS.map((row) => (
        <div key={row.name} className={styles.row} role="group" aria-label={row.title}>
          <span className={styles.title}>{row.title}：</span>
          <div className={styles.options}>
            {row.options.map((option) => {
              const isActive = (values[row.name] ?? '') === option.code;
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
