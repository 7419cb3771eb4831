import { DISTRICTS, DISTRICT_NAME, isDistrictCode } from '@portal/shared/constants/districts';
import {
  PROJECT_AREA_BANDS,
  PROJECT_PRICE_BANDS,
  PROJECT_PURPOSES,
} from '@portal/shared/constants/project-filters';
import { formatNumber } from '@portal/shared/format';
import type { ProjectListItem } from '@portal/shared/schemas/projects';
import { Input, Select, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { SortBar, type SortOption } from '../../../components/sort-bar';
import { paths } from '../../../config/paths';
import { useNewTabLink } from '../../../lib/new-tab';
import { type MapFilterValues, type MapSortType, useMapList } from '../api/map-api';
import { useScrollLoader } from '../hooks/use-scroll-loader';
import styles from './map-search.module.css';

const SELECTS: ReadonlyArray<{
  name: Exclude<keyof MapFilterValues, 'keyword'>;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}> = [
  {
    name: 'areaCode',
    label: '区域',
    options: DISTRICTS.map((d) => ({ value: d.code, label: d.name })),
  },
  {
    name: 'priceScope',
    label: '均价',
    options: PROJECT_PRICE_BANDS.map((b) => ({ value: b.code, label: b.label })),
  },
  {
    name: 'properties',
    label: '类型',
    options: PROJECT_PURPOSES.map((p) => ({ value: p.code, label: p.label })),
  },
  {
    name: 'buildAreaScope',
    label: '面积',
    options: PROJECT_AREA_BANDS.map((b) => ({ value: b.code, label: b.label })),
  },
];

/** Sort bar: 默认, then 单价 and 关注度, each toggling between descending and ascending. */
const SORTS: ReadonlyArray<SortOption<MapSortType>> = [
  { label: '默认', codes: ['1'] },
  { label: '单价', codes: ['2', '3'] },
  { label: '关注度', codes: ['4', '5'] },
];

interface MapPanelProps {
  filter: MapFilterValues;
  sortType: MapSortType;
  onFilter: (name: keyof MapFilterValues, value: string) => void;
  onSort: (sortType: MapSortType) => void;
}

/** The left panel of /map: name search, four dropdowns, sort bar, count and the endless list. */
export function MapPanel({ filter, sortType, onFilter, onSort }: MapPanelProps) {
  const list = useMapList(filter, sortType);
  const items = list.data?.pages.flatMap((page) => page.list) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const box = useRef<HTMLDivElement>(null);
  const onScroll = useScrollLoader({
    hasMore: list.hasNextPage,
    isLoading: list.isFetching,
    onLoadMore: () => void list.fetchNextPage(),
  });

  useEffect(() => {
    box.current?.scrollTo({ top: 0 });
  }, [filter, sortType]);

  return (
    <div className={styles.panelBody}>
      <Input.Search
        aria-label="楼盘名称"
        placeholder="请输入楼盘名称"
        allowClear
        maxLength={50}
        key={filter.keyword}
        defaultValue={filter.keyword}
        onSearch={(value) => onFilter('keyword', value.trim())}
        enterButton="搜索"
      />
      <div className={styles.selects}>
        {SELECTS.map((select) => (
          <Select
            key={select.name}
            aria-label={select.label}
            placeholder={select.label}
            allowClear
            value={filter[select.name] || undefined}
            options={[...select.options]}
            onChange={(value?: string) => onFilter(select.name, value ?? '')}
            popupMatchSelectWidth={false}
          />
        ))}
      </div>
      <SortBar sorts={SORTS} value={sortType} onChange={onSort} />
      <p className={styles.found}>
        为您找到 <strong>{total}</strong> 个新房楼盘
      </p>
      <div ref={box} className={styles.list} onScroll={onScroll}>
        <ul className={styles.items} aria-label="地图找房楼盘列表">
          {items.map((item) => (
            <li key={item.id}>
              <MapListItem item={item} />
            </li>
          ))}
        </ul>
        {list.isPending && <Spin className={styles.listSpin} />}
        {!list.isPending && items.length === 0 && <EmptyState description="暂未查到您想查的楼盘" />}
        {list.isFetchingNextPage && <p className={styles.listNote}>加载中…</p>}
        {!list.hasNextPage && items.length > 0 && <p className={styles.listNote}>没有更多了</p>}
      </div>
    </div>
  );
}

/**
 * One project in the list; opens the project home in a new window on a desktop, in place on a
 * phone (docs/product/new-build.md).
 */
function MapListItem({ item }: { item: ProjectListItem }) {
  const newTab = useNewTabLink();
  const district = isDistrictCode(item.districtCode) ? DISTRICT_NAME[item.districtCode] : '';
  return (
    <a className={styles.item} href={paths.houseHome.getHref({ id: item.id })} {...newTab}>
      <ImageWithFallback className={styles.itemCover} src={item.coverUrl} alt={item.publishName} />
      <span className={styles.itemBody}>
        <strong className={styles.itemName}>{item.publishName}</strong>
        <span className={styles.itemLine}>
          [{district}] {item.projectAddress}
        </span>
        <span className={styles.itemLine}>{item.houseTypeStr ?? ''}</span>
        <span className={styles.itemPrice}>
          {item.platformPrice > 0 ? `${formatNumber(item.platformPrice)}元/㎡` : '价格待定'}
        </span>
      </span>
    </a>
  );
}
