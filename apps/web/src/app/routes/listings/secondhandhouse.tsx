import { LISTING_SORTS, LISTING_TYPE, listingTypeOf } from '@portal/shared/constants/listings';
import { Button, Select, Spin } from 'antd';
import { useEffect } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { lastPageOf, PaginationBar } from '../../../components/pagination-bar';
import { SaveSearchButton } from '../../../components/save-search-button';
import { TabStrip } from '../../../components/tab-strip/tab-strip';
import { CompareButton } from '../../../features/compare/components/compare-button';
import { CompareTray } from '../../../features/compare/components/compare-tray';
import { useListingSearch as useListingResults } from '../../../features/listings/api/search-listings';
import { ListingFilterPanel } from '../../../features/listings/components/listing-filter-panel';
import { ListingListItem } from '../../../features/listings/components/listing-list-item';
import { useListingEntry } from '../../../features/listings/hooks/use-listing-entry';
import { useListingSearch } from '../../../features/listings/hooks/use-listing-search';
import { Deferred, lazyNamed } from '../../../lib/deferred';
import styles from './secondhand.module.css';

// The real-name dialog (antd Modal, the privacy texts) loads when it is first needed.
const RealnameDialog = lazyNamed(
  () => import('../../../features/account/components/realname-dialog'),
  'RealnameDialog',
);

const PAGE_SIZE = 20;
const CURRENT_YEAR = new Date().getFullYear();

/** /secondhandhouse: sale and rental listings with filters in the URL (docs/product/listings.md). */
export default function SecondHandHouseRoute() {
  const { state, setType, setFilter, setPage, clearSheetFilters } = useListingSearch();
  const { data, isFetching, isPending } = useListingResults(state);
  const entry = useListingEntry('dialog');
  const total = data?.total ?? 0;
  const last = lastPageOf(total, PAGE_SIZE);

  useEffect(() => {
    if (data && total > 0 && state.pageNum > last) setPage(last);
  }, [data, total, last, state.pageNum, setPage]);

  return (
    <div className={styles.page}>
      <PageTitle>{state.type === LISTING_TYPE.SALE ? '二手房出售' : '房屋出租'}</PageTitle>
      <div className={styles.topBar}>
        <TabStrip
          label="房源类型"
          activeKey={String(state.type)}
          onChange={(key) => setType(listingTypeOf(key))}
          items={[
            { key: '1', label: '二手房出售' },
            { key: '2', label: '房屋出租' },
          ]}
        />
        <div className={styles.entryButtons}>
          <Button type="primary" onClick={() => void entry.enter(1)}>
            我要出售
          </Button>
          <Button onClick={() => void entry.enter(2)}>我要出租</Button>
        </div>
      </div>
      <ListingFilterPanel
        state={state}
        total={total}
        onChange={setFilter}
        onReset={clearSheetFilters}
      />
      <section className={styles.main} aria-label="房源列表">
        <header className={styles.bar}>
          <span>
            共找到 <strong>{total}</strong> 套
            {state.type === LISTING_TYPE.SALE ? '二手房' : '出租房'}
          </span>
          <SaveSearchButton scope="secondhandhouse" />
          <Select
            aria-label="排序"
            className={styles.sort}
            value={state.filters.sortType ?? '1'}
            options={LISTING_SORTS[state.type].map((s) => ({ value: s.code, label: s.label }))}
            onChange={(value: string) => setFilter('sortType', value === '1' ? '' : value)}
          />
        </header>
        <Spin spinning={isFetching}>
          {!isPending && (data?.list.length ?? 0) === 0 ? (
            <EmptyState description="暂未查到符合条件的房源" />
          ) : (
            <div>
              {data?.list.map((item) => (
                <ListingListItem
                  key={item.id}
                  item={item}
                  currentYear={CURRENT_YEAR}
                  actions={
                    <CompareButton type="listing" id={item.id} name={item.title} size="small" />
                  }
                />
              ))}
            </div>
          )}
        </Spin>
        <PaginationBar
          current={state.pageNum}
          total={total}
          pageSize={PAGE_SIZE}
          onChange={(page) => {
            setPage(page);
            window.scrollTo({ top: 0 });
          }}
        />
      </section>
      <CompareTray type="listing" />
      <Deferred when={entry.isRealnameOpen}>
        <RealnameDialog open={entry.isRealnameOpen} onClose={entry.closeRealname} />
      </Deferred>
    </div>
  );
}
