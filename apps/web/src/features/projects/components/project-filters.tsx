import { SearchOutlined } from '@ant-design/icons';
import { useState } from 'react';
import {
  SearchButton,
  SearchInput,
  useControlTokens,
} from '../../../components/search-controls/search-controls';
import { useIsPhone } from '../../../lib/use-media-query';
import type { FilterName } from '../api/project-urls';
import { ProjectFilterBar } from './project-filter-bar';
import { FILTER_ROWS, FilterRow, type FilterValues } from './project-filter-rows';
import styles from './project-filters.module.css';

interface ProjectFiltersProps {
  values: FilterValues;
  onChange: (name: FilterName, value: string) => void;
}

/**
 * The keyword box and the filter rows of /newHouse (docs/product/new-build.md). On phones the rows fold
 * into a bar of four buttons, each opening its choices in a bottom sheet; the choices stay in
 * the URL either way.
 */
export function ProjectFilters({ values, onChange }: ProjectFiltersProps) {
  const isPhone = useIsPhone();
  const tokens = useControlTokens();
  const [keyword, setKeyword] = useState(values.keyword ?? '');
  const [shownKeyword, setShownKeyword] = useState(values.keyword);
  if (shownKeyword !== values.keyword) {
    // The URL changed (back/forward, a link): show its keyword in the box.
    setShownKeyword(values.keyword);
    setKeyword(values.keyword ?? '');
  }

  return (
    <section className={styles.panel} aria-label="筛选条件">
      <div className={styles.search} role="search" style={tokens}>
        <SearchInput
          type="search"
          className={styles.keyword}
          value={keyword}
          onChange={setKeyword}
          onPressEnter={() => onChange('keyword', keyword.trim())}
          onClear={() => onChange('keyword', '')}
          placeholder="请输入楼盘名称、开发企业"
          maxLength={50}
          aria-label="楼盘关键词"
        />
        <SearchButton
          variant="primary"
          icon={<SearchOutlined />}
          onClick={() => onChange('keyword', keyword.trim())}
        >
          搜索
        </SearchButton>
      </div>
      {isPhone ? (
        <ProjectFilterBar values={values} onChange={onChange} />
      ) : (
        FILTER_ROWS.map((row) => (
          <FilterRow key={row.name} row={row} values={values} onChange={onChange} />
        ))
      )}
    </section>
  );
}
