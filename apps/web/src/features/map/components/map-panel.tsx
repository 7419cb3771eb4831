import { DISTRICTS, DISTRICT_NAME, isDistrictCode } from '@portal/shared/constants/districts';
import { LISTING_TYPE } from '@portal/shared/constants/listings';
import {
  PROJECT_AREA_BANDS,
  PROJECT_PRICE_BANDS,
  PROJECT_PURPOSES,
} from '@portal/shared/constants/project-filters';
import { formatLayout, formatNumber, formatRent, formatSalePrice } from '@portal/shared/format';
import type { ListingCard } from '@portal/shared/schemas/listings';
import type { ProjectListItem } from '@portal/shared/schemas/projects';
import { Input, Select, Spin } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { SortBar, type SortOption } from '../../../components/sort-bar';
import { paths } from '../../../config/paths';
import { useNewTabLink } from '../../../lib/new-tab';
import {
  type BoundsText,
  LISTING_TYPE_OF,
  type ListingFilterValues,
  type MapFilterValues,
  type MapLayer,
  type MapSortType,
  useListingList,
  useMapViewList,
} from '../api/map-api';
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

/** The second-hand layer's sort bar: 默认 (newest), 价格 and 浏览量, as on /secondhandhouse. */
const LISTING_SORTS: ReadonlyArray<SortOption<MapSortType>> = [
  { label: '默认', codes: ['1'] },
  { label: '价格', codes: ['2', '3'] },
  { label: '浏览量', codes: ['4', '5'] },
];

interface MapPanelProps {
  layer: MapLayer;
  /** The visible box; null until the map has reported its first view. */
  bbox: BoundsText | null;
  filter: MapFilterValues;
  listingFilter: ListingFilterValues;
  sortType: MapSortType;
  onFilter: (name: keyof MapFilterValues, value: string) => void;
  onListingFilter: (name: keyof ListingFilterValues, value: string) => void;
  onSort: (sortType: MapSortType) => void;
}

/**
 * The panel of /map: the layer's filters, the sort bar, the count of what lies in the visible
 * area ("N 个楼盘" / "N 套二手房") and the endless list of it, which follows every pan and zoom.
 */
export function MapPanel(props: MapPanelProps) {
  return props.layer === 'project' ? <ProjectPanel {...props} /> : <ListingPanel {...props} />;
}

function ProjectPanel({ bbox, filter, sortType, onFilter, onSort }: MapPanelProps) {
  const list = useMapViewList(filter, sortType, bbox);
  return (
    <PanelBody
      list={list}
      resetKey={[filter, sortType]}
      filters={
        <>
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
        </>
      }
      found={(total) => (
        <>
          地图范围内 <strong>{total}</strong> 个楼盘
        </>
      )}
      listLabel="地图找房楼盘列表"
      empty="当前地图范围内没有楼盘，请移动或缩小地图"
      renderItem={(item: ProjectListItem) => <MapListItem item={item} />}
    />
  );
}

function ListingPanel({
  layer,
  bbox,
  listingFilter,
  sortType,
  onListingFilter,
  onSort,
}: MapPanelProps) {
  const type = layer === 'rent' ? LISTING_TYPE_OF.rent : LISTING_TYPE_OF.sale;
  const list = useListingList(type, listingFilter, sortType, bbox, true);
  const what = type === LISTING_TYPE.SALE ? '二手房' : '出租房';
  return (
    <PanelBody
      list={list}
      resetKey={[listingFilter, sortType, type]}
      filters={
        <>
          <Input.Search
            aria-label="房源关键词"
            placeholder="请输入小区名称或地址"
            allowClear
            maxLength={50}
            key={listingFilter.keyword}
            defaultValue={listingFilter.keyword}
            onSearch={(value) => onListingFilter('keyword', value.trim())}
            enterButton="搜索"
          />
          <div className={styles.selects}>
            <Select
              aria-label="区域"
              placeholder="区域"
              allowClear
              value={listingFilter.areaCode || undefined}
              options={DISTRICTS.map((d) => ({ value: d.code, label: d.name }))}
              onChange={(value?: string) => onListingFilter('areaCode', value ?? '')}
              popupMatchSelectWidth={false}
            />
          </div>
          <SortBar sorts={LISTING_SORTS} value={sortType} onChange={onSort} />
        </>
      }
      found={(total) => (
        <>
          地图范围内 <strong>{total}</strong> 套{what}
        </>
      )}
      listLabel={`地图找房${what}列表`}
      empty={`当前地图范围内没有${what}，请移动或缩小地图`}
      renderItem={(item: ListingCard) => <ListingItem item={item} />}
    />
  );
}

interface PagedList<T> {
  data?: { pages: Array<{ list: T[]; total: number }> };
  isPending: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

function PanelBody<T extends { id: number }>({
  list,
  resetKey,
  filters,
  found,
  listLabel,
  empty,
  renderItem,
}: {
  list: PagedList<T>;
  resetKey: unknown[];
  filters: ReactNode;
  found: (total: number) => ReactNode;
  listLabel: string;
  empty: string;
  renderItem: (item: T) => ReactNode;
}) {
  const items = list.data?.pages.flatMap((page) => page.list) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const box = useRef<HTMLDivElement>(null);
  const onScroll = useScrollLoader({
    hasMore: list.hasNextPage,
    isLoading: list.isFetching,
    onLoadMore: () => void list.fetchNextPage(),
  });
  const reset = JSON.stringify(resetKey);

  useEffect(() => {
    box.current?.scrollTo({ top: 0 });
  }, [reset]);

  return (
    <div className={styles.panelBody}>
      {filters}
      <p className={styles.found} aria-live="polite">
        {found(total)}
      </p>
      <div ref={box} className={styles.list} onScroll={onScroll}>
        <ul className={styles.items} aria-label={listLabel}>
          {items.map((item) => (
            <li key={item.id}>{renderItem(item)}</li>
          ))}
        </ul>
        {list.isPending && <Spin className={styles.listSpin} />}
        {!list.isPending && items.length === 0 && <EmptyState description={empty} />}
        {list.isFetchingNextPage && <p className={styles.listNote}>加载中…</p>}
        {!list.hasNextPage && items.length > 0 && <p className={styles.listNote}>没有更多了</p>}
      </div>
    </div>
  );
}

/** One listing in the second-hand list: cover, title, community, layout and price. */
function ListingItem({ item }: { item: ListingCard }) {
  const href =
    item.type === LISTING_TYPE.SALE
      ? paths.detailscs.getHref({ id: item.id })
      : paths.detailscz.getHref({ id: item.id });
  return (
    <a className={styles.item} href={href}>
      <ImageWithFallback className={styles.itemCover} src={item.coverUrl} alt={item.title} />
      <span className={styles.itemBody}>
        <strong className={styles.itemName}>{item.title}</strong>
        <span className={styles.itemLine}>
          [{item.scVO.areaName}] {item.scVO.communityName}
        </span>
        <span className={styles.itemLine}>
          {formatLayout(item.bedroom, item.room, item.toilet)} {Math.round(item.buildArea)}㎡
        </span>
        <span className={styles.itemPrice}>
          {item.type === LISTING_TYPE.SALE ? formatSalePrice(item.price) : formatRent(item.price)}
        </span>
      </span>
    </a>
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
