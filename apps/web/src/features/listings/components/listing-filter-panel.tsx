import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Input } from 'antd';
import { useState } from 'react';
import { useIsPhone } from '../../../lib/use-media-query';
import { sheetFilterCount } from '../lib/filter-sheet';
import type { ListingFilterName, ListingSearchState } from '../lib/listing-filters';
import { CommunityFilter } from './community-filter';
import styles from './listing-filter-panel.module.css';
import { ListingFilterRows } from './listing-filter-rows';

interface ListingFilterPanelProps {
  state: ListingSearchState;
  /** How many listings the search finds now, for the sheet's 查看 button. */
  total: number;
  onChange: (name: ListingFilterName, value: string) => void;
  onReset: () => void;
}

/**
 * Keyword box and filters of /secondhandhouse. Wide screens show every option row; a phone shows
 * a 筛选 button with the number of filters set, opening the rows as a bottom sheet. Either way
 * each choice goes into the URL at once, so the sheet's state survives reloads and sharing.
 */
export function ListingFilterPanel({ state, total, onChange, onReset }: ListingFilterPanelProps) {
  const isPhone = useIsPhone();
  const [isSheetOpen, setSheetOpen] = useState(false);
  const [keyword, setKeyword] = useState(state.filters.keyword ?? '');
  const [shownKeyword, setShownKeyword] = useState(state.filters.keyword);
  if (shownKeyword !== state.filters.keyword) {
    setShownKeyword(state.filters.keyword);
    setKeyword(state.filters.keyword ?? '');
  }
  const count = sheetFilterCount(state);

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
        {isPhone && (
          <Badge count={count} size="small">
            <Button
              icon={<FilterOutlined aria-hidden />}
              aria-haspopup="dialog"
              aria-expanded={isSheetOpen}
              onClick={() => setSheetOpen(true)}
            >
              筛选
            </Button>
          </Badge>
        )}
      </div>
      <CommunityFilter
        type={state.type}
        value={state.filters.community}
        onChange={(name) => onChange('community', name)}
      />
      {isPhone ? (
        <Drawer
          open={isSheetOpen}
          placement="bottom"
          size="auto"
          title="筛选房源"
          rootClassName={styles.sheet}
          onClose={() => setSheetOpen(false)}
          footer={
            <div className={styles.sheetFooter}>
              <Button onClick={onReset} disabled={count === 0}>
                重置
              </Button>
              <Button type="primary" onClick={() => setSheetOpen(false)}>
                查看{total}套房源
              </Button>
            </div>
          }
        >
          <ListingFilterRows state={state} onChange={onChange} />
        </Drawer>
      ) : (
        <ListingFilterRows state={state} onChange={onChange} />
      )}
    </section>
  );
}
