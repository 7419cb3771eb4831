import { CITY_CENTRE } from '@portal/shared/constants/district-outlines';
import { LISTING_TYPE } from '@portal/shared/constants/listings';
import { POI_CATEGORIES, type PoiCategory } from '@portal/shared/constants/places';
import { formatNumber, formatRent, formatSalePrice } from '@portal/shared/format';
import {
  MAP_DETAIL_ZOOM,
  MAP_OVERVIEW_ZOOM,
  type MapCluster,
  type MapListingMarker,
} from '@portal/shared/schemas/map';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Segmented } from 'antd';
import type { Map as LeafletMap } from 'leaflet';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Popup } from 'react-leaflet';
import { CityMap } from '../../../components/city-map';
import { useFixedBottomBar } from '../../../components/use-fixed-bottom-bar';
import { paths } from '../../../config/paths';
import { Deferred, lazyNamed } from '../../../lib/deferred';
import { useIsPhone } from '../../../lib/use-media-query';
import {
  LISTING_TYPE_OF,
  type ListingFilterValues,
  markerDetailQueryOptions,
  type MapFilterValues,
  type MapLayer,
  type MapSortType,
  poiBoxFits,
  useListingClusters,
  useListingMarkers,
  useMapMarkers,
  useMapViewClusters,
  usePoisInView,
} from '../api/map-api';
import { keepMapAddress, readMapAddress } from '../map-address';
import { POI_GROUPS } from '../poi-groups';
import { ClusterLayer, type MapView, MapViewReporter } from './map-layers';
import { MapPanel } from './map-panel';
import styles from './map-search.module.css';
import { MapSheetHandle } from './map-sheet-handle';
import { MarkerCard } from './marker-card';
import { PoiControls, poiNoteOf } from './poi-controls';
import { type MapPoint, PriceMarkerLayer } from './price-marker-layer';

// The 周边配套 marks load with their own chunk the first time the layer is switched on.
const PoiLayer = lazyNamed(() => import('./poi-layer'), 'PoiLayer');

const EMPTY_FILTER: MapFilterValues = {
  keyword: '',
  areaCode: '',
  priceScope: '',
  properties: '',
  buildAreaScope: '',
};
const EMPTY_LISTING_FILTER: ListingFilterValues = { keyword: '', areaCode: '' };
/** The layer switch on the map. */
const LAYERS: Array<{ value: MapLayer; label: string }> = [
  { value: 'project', label: '新房' },
  { value: 'sale', label: '二手房' },
  { value: 'rent', label: '租房' },
];

const listingPrice = (item: MapListingMarker) =>
  item.type === LISTING_TYPE.SALE ? formatSalePrice(item.price) : formatRent(item.price);
/** Height of the map and its panel on desktop, px; on phones the map fills the window. */
const MAP_HEIGHT = 600;
/** The phone result sheet when pushed down: its grip, the name search and the count, px. */
const SHEET_PEEK_PX = 128;
/** The phone result sheet when pulled up: this share of the window's height. */
const SHEET_OPEN_SHARE = 0.7;
/** Viewport requests wait this long after the last move, ms. */
const VIEW_DEBOUNCE_MS = 200;

/**
 * /map (docs/product/new-build.md, docs/decisions/0056-map-follows-the-view.md): a layer switch
 * shows new-build projects, second-hand sales or rentals. Below zoom 12 the visible area's
 * district clusters, with counts; a cluster click zooms to 12 and filters on that district; from
 * zoom 12 every visible project or listing is labelled with name and price, or counted in a
 * label where labels would overlap. The list and its count are of the visible area and follow
 * every pan and zoom (200 ms after the map stops). Zooming out below 11 clears the filters. On
 * phones the map fills the window and the search and results are a sheet pulled up from the
 * bottom.
 */
export function MapSearch() {
  // What the address kept of the last visit (Back from a project or listing opened in place).
  const [initial] = useState(() => readMapAddress(window.location.search));
  const [layer, setLayer] = useState<MapLayer>(initial.layer);
  const [filter, setFilter] = useState<MapFilterValues>(initial.filter);
  const [listingFilter, setListingFilter] = useState<ListingFilterValues>(initial.listingFilter);
  const [sortType, setSortType] = useState<MapSortType>(initial.sortType);
  const [view, setView] = useState<MapView | null>(null);
  const [collapsed, setCollapsed] = useState(false);
  const [isSheetOpen, setSheetOpen] = useState(false);
  const isPhone = useIsPhone();
  // The floating buttons keep above the sheet.
  useFixedBottomBar(
    isSheetOpen ? Math.round(window.innerHeight * SHEET_OPEN_SHARE) : SHEET_PEEK_PX,
    isPhone,
  );
  const [selected, setSelected] = useState<MapPoint | null>(null);
  const [isPoiOn, setPoiOn] = useState(initial.poi !== undefined);
  const [poiShown, setPoiShown] = useState<ReadonlySet<PoiCategory>>(
    () =>
      new Set(
        initial.poi === undefined
          ? POI_CATEGORIES
          : POI_GROUPS.filter((group) => initial.poi?.includes(group.key)).flatMap(
              (group) => group.categories,
            ),
      ),
  );
  const map = useRef<LeafletMap | null>(null);
  const lastZoom = useRef(initial.view?.zoom ?? MAP_OVERVIEW_ZOOM);
  const timer = useRef<number | null>(null);

  const detail = view !== null && view.zoom >= MAP_DETAIL_ZOOM;
  const bbox = view?.bbox ?? null;
  const isProjects = layer === 'project';
  const listingType = layer === 'rent' ? LISTING_TYPE_OF.rent : LISTING_TYPE_OF.sale;
  const clusters = useMapViewClusters(filter, isProjects && !detail ? bbox : null);
  const markers = useMapMarkers(filter, isProjects && detail ? bbox : null);
  const listingClusters = useListingClusters(
    listingType,
    listingFilter,
    bbox,
    !isProjects && !detail,
  );
  const listingMarkers = useListingMarkers(listingType, listingFilter, bbox, !isProjects && detail);
  // 周边配套 from zoom 12, in a box the points read answers (docs/product/nearby.md).
  const poiBox = isPoiOn && detail && bbox !== null && poiBoxFits(bbox) ? bbox : null;
  const pois = usePoisInView(poiBox);
  const listingById = useMemo(
    () => new Map((listingMarkers.data?.list ?? []).map((item) => [item.id, item])),
    [listingMarkers.data],
  );
  const points = useMemo<MapPoint[]>(
    () =>
      isProjects
        ? (markers.data?.list ?? []).map((item) => ({
            id: item.id,
            name: item.name,
            priceText:
              item.platformPrice > 0 ? `${formatNumber(item.platformPrice)}元/㎡` : '价格待定',
            lng: item.lng,
            lat: item.lat,
          }))
        : (listingMarkers.data?.list ?? []).map((item) => ({
            id: item.id,
            name: item.name,
            priceText: listingPrice(item),
            lng: item.lng,
            lat: item.lat,
          })),
    [isProjects, markers.data, listingMarkers.data],
  );
  const truncated = isProjects ? markers.data?.truncated : listingMarkers.data?.truncated;
  const clusterList = (isProjects ? clusters.data?.list : listingClusters.data?.list) ?? [];

  const queryClient = useQueryClient();
  // The card is fetched before the popup opens, so the popup knows its size and pans into view.
  const handleMarker = useCallback(
    (item: MapPoint) => {
      if (!isProjects) {
        setSelected(item);
        return;
      }
      void queryClient
        .prefetchQuery(markerDetailQueryOptions(item.id))
        .finally(() => setSelected(item));
    },
    [queryClient, isProjects],
  );

  const handleReady = useCallback((instance: LeafletMap) => {
    map.current = instance;
  }, []);

  const handleView = useCallback((next: MapView) => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    if (lastZoom.current >= MAP_OVERVIEW_ZOOM && next.zoom < MAP_OVERVIEW_ZOOM) {
      setFilter(EMPTY_FILTER);
      setListingFilter(EMPTY_LISTING_FILTER);
      setSelected(null);
    }
    if (next.zoom < MAP_DETAIL_ZOOM) setSelected(null);
    lastZoom.current = next.zoom;
    timer.current = window.setTimeout(() => {
      timer.current = null;
      setView(next);
    }, VIEW_DEBOUNCE_MS);
  }, []);

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  useEffect(() => {
    keepMapAddress({
      layer,
      filter,
      listingFilter,
      sortType,
      ...(view ? { view: { center: view.center, zoom: view.zoom } } : {}),
      ...(isPoiOn
        ? {
            poi: POI_GROUPS.filter((group) =>
              group.categories.every((category) => poiShown.has(category)),
            ).map((group) => group.key),
          }
        : {}),
    });
  }, [layer, filter, listingFilter, sortType, view, isPoiOn, poiShown]);

  useEffect(() => {
    const id = window.setTimeout(() => map.current?.invalidateSize(), 250);
    return () => window.clearTimeout(id);
  }, [collapsed, isPhone]);

  const handleFilter = useCallback((name: keyof MapFilterValues, value: string) => {
    setFilter((current) => ({ ...current, [name]: value }));
    setSelected(null);
  }, []);

  const handleListingFilter = useCallback((name: keyof ListingFilterValues, value: string) => {
    setListingFilter((current) => ({ ...current, [name]: value }));
    setSelected(null);
  }, []);

  const handleLayer = useCallback((next: MapLayer) => {
    setLayer(next);
    setSortType('1');
    setSelected(null);
  }, []);

  const isPanelHidden = collapsed && !isPhone;
  const panelClass = isPhone
    ? `${styles.panel} ${isSheetOpen ? styles.sheetOpen : ''}`
    : `${styles.panel} ${collapsed ? styles.panelCollapsed : ''}`;

  const handleCluster = useCallback(
    (cluster: MapCluster) => {
      if (isProjects) setFilter((current) => ({ ...current, areaCode: cluster.key }));
      else setListingFilter((current) => ({ ...current, areaCode: cluster.key }));
      map.current?.setView([cluster.lat, cluster.lng], MAP_DETAIL_ZOOM);
    },
    [isProjects],
  );
  const selectedListing = !isProjects && selected ? listingById.get(selected.id) : undefined;

  return (
    <div className={styles.page} style={isPhone ? undefined : { height: MAP_HEIGHT }}>
      <aside
        className={panelClass}
        aria-label="地图找房筛选"
        aria-hidden={isPanelHidden}
        inert={isPanelHidden}
      >
        {isPhone && (
          <MapSheetHandle
            isOpen={isSheetOpen}
            noun={isProjects ? '楼盘' : layer === 'rent' ? '租房' : '二手房'}
            onOpenChange={setSheetOpen}
          />
        )}
        {/* Collapsing only hides the panel, so the list keeps its pages and scroll position. */}
        <MapPanel
          layer={layer}
          bbox={bbox}
          filter={filter}
          listingFilter={listingFilter}
          sortType={sortType}
          onFilter={handleFilter}
          onListingFilter={handleListingFilter}
          onSort={setSortType}
        />
      </aside>
      <div className={styles.mapBox}>
        {!isPhone && (
          <Button
            className={styles.toggle}
            size="small"
            onClick={() => setCollapsed((value) => !value)}
            aria-expanded={!collapsed}
          >
            {collapsed ? '展开列表 ›' : '‹ 收起列表'}
          </Button>
        )}
        <Segmented<MapLayer>
          className={styles.layers}
          aria-label="地图图层"
          options={LAYERS}
          value={layer}
          onChange={handleLayer}
        />
        <PoiControls
          isOn={isPoiOn}
          shown={poiShown}
          note={poiNoteOf(isPoiOn, poiBox !== null, pois.data?.length)}
          onToggle={() => setPoiOn((on) => !on)}
          onShown={setPoiShown}
        />
        {detail && truncated && (
          <p className={styles.mapNote}>
            {isProjects
              ? '当前范围楼盘较多，仅显示关注度较高的楼盘，请放大地图查看更多'
              : '当前范围房源较多，仅显示最新发布的房源，请放大地图查看更多'}
          </p>
        )}
        <CityMap
          center={initial.view?.center ?? CITY_CENTRE}
          zoom={initial.view?.zoom ?? MAP_OVERVIEW_ZOOM}
          height={isPhone ? '100%' : MAP_HEIGHT}
          className={styles.map}
        >
          <MapViewReporter onReady={handleReady} onView={handleView} />
          <Deferred when={isPoiOn}>
            {isPoiOn && poiBox !== null && <PoiLayer points={pois.data ?? []} shown={poiShown} />}
          </Deferred>
          {detail ? (
            <PriceMarkerLayer
              key={layer}
              points={points}
              unit={isProjects ? '个楼盘' : '套'}
              onSelect={handleMarker}
            />
          ) : (
            <ClusterLayer
              key={layer}
              clusters={clusterList}
              unit={isProjects ? '个楼盘' : '套'}
              onSelect={handleCluster}
            />
          )}
          {detail && selected && (isProjects || selectedListing) && (
            <Popup
              key={selected.id}
              position={[selected.lat, selected.lng]}
              pane="popupPane"
              offset={[0, -30]}
              eventHandlers={{ remove: () => setSelected(null) }}
            >
              {selectedListing ? (
                <ListingCardPopup item={selectedListing} />
              ) : (
                <MarkerCard id={selected.id} />
              )}
            </Popup>
          )}
        </CityMap>
      </div>
    </div>
  );
}

/** The popup of a clicked listing: its community, price and a link to the listing. */
function ListingCardPopup({ item }: { item: MapListingMarker }) {
  const href =
    item.type === LISTING_TYPE.SALE
      ? paths.detailscs.getHref({ id: item.id })
      : paths.detailscz.getHref({ id: item.id });
  return (
    <article className={styles.card} aria-label={`${item.name}房源信息`}>
      <h3 className={styles.cardName}>{item.name}</h3>
      <p className={styles.cardPrice}>{listingPrice(item)}</p>
      <a className={styles.cardLink} href={href}>
        查看房源详情
      </a>
    </article>
  );
}
