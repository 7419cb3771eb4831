import { CITY_CENTRE } from '@portal/shared/constants/district-outlines';
import {
  MAP_DETAIL_ZOOM,
  MAP_OVERVIEW_ZOOM,
  type MapCluster,
  type MapMarker,
} from '@portal/shared/schemas/map';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import type { Map as LeafletMap } from 'leaflet';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Popup } from 'react-leaflet';
import { CityMap } from '../../../components/city-map';
import { useFixedBottomBar } from '../../../components/use-fixed-bottom-bar';
import { useIsPhone } from '../../../lib/use-media-query';
import {
  markerDetailQueryOptions,
  type MapFilterValues,
  type MapSortType,
  useMapClusters,
  useMapMarkers,
} from '../api/map-api';
import { ClusterLayer, type MapView, MapViewReporter } from './map-layers';
import { MapPanel } from './map-panel';
import styles from './map-search.module.css';
import { MapSheetHandle } from './map-sheet-handle';
import { MarkerCard } from './marker-card';
import { PriceMarkerLayer } from './price-marker-layer';

const EMPTY_FILTER: MapFilterValues = {
  keyword: '',
  areaCode: '',
  priceScope: '',
  properties: '',
  buildAreaScope: '',
};
/** Height of the map and its panel on desktop, px; on phones the map fills the window. */
const MAP_HEIGHT = 600;
/** The phone result sheet when pushed down: its grip, the name search and the count, px. */
const SHEET_PEEK_PX = 128;
/** The phone result sheet when pulled up: this share of the window's height. */
const SHEET_OPEN_SHARE = 0.7;
/** Viewport requests wait this long after the last move, ms. */
const VIEW_DEBOUNCE_MS = 200;

/**
 * /map (docs/product/new-build.md): the overview at zoom 11 shows district clusters; a
 * cluster click zooms to 12 and lists that district; from zoom 12 the visible projects show as
 * price markers; zooming out below 11 clears the filters and returns to the overview. On phones
 * the map fills the window and the search and results are a sheet pulled up from the bottom.
 */
export function MapSearch() {
  const [filter, setFilter] = useState<MapFilterValues>(EMPTY_FILTER);
  const [sortType, setSortType] = useState<MapSortType>('1');
  const [view, setView] = useState<MapView | null>(null);
  const [collapsed, setCollapsed] = useState(false);
  const [isSheetOpen, setSheetOpen] = useState(false);
  const isPhone = useIsPhone();
  // The floating buttons keep above the sheet.
  useFixedBottomBar(
    isSheetOpen ? Math.round(window.innerHeight * SHEET_OPEN_SHARE) : SHEET_PEEK_PX,
    isPhone,
  );
  const [selected, setSelected] = useState<MapMarker | null>(null);
  const map = useRef<LeafletMap | null>(null);
  const lastZoom = useRef(MAP_OVERVIEW_ZOOM);
  const timer = useRef<number | null>(null);

  const detail = view !== null && view.zoom >= MAP_DETAIL_ZOOM;
  const clusters = useMapClusters(filter, !detail);
  const markers = useMapMarkers(filter, detail ? view.bbox : null);

  const queryClient = useQueryClient();
  // The card is fetched before the popup opens, so the popup knows its size and pans into view.
  const handleMarker = useCallback(
    (item: MapMarker) => {
      void queryClient
        .prefetchQuery(markerDetailQueryOptions(item.id))
        .finally(() => setSelected(item));
    },
    [queryClient],
  );

  const handleReady = useCallback((instance: LeafletMap) => {
    map.current = instance;
  }, []);

  const handleView = useCallback((next: MapView) => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    if (lastZoom.current >= MAP_OVERVIEW_ZOOM && next.zoom < MAP_OVERVIEW_ZOOM) {
      setFilter(EMPTY_FILTER);
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
    const id = window.setTimeout(() => map.current?.invalidateSize(), 250);
    return () => window.clearTimeout(id);
  }, [collapsed, isPhone]);

  const handleFilter = useCallback((name: keyof MapFilterValues, value: string) => {
    setFilter((current) => ({ ...current, [name]: value }));
    setSelected(null);
  }, []);

  const isPanelHidden = collapsed && !isPhone;
  const panelClass = isPhone
    ? `${styles.panel} ${isSheetOpen ? styles.sheetOpen : ''}`
    : `${styles.panel} ${collapsed ? styles.panelCollapsed : ''}`;

  const handleCluster = useCallback((cluster: MapCluster) => {
    setFilter((current) => ({ ...current, areaCode: cluster.key }));
    map.current?.setView([cluster.lat, cluster.lng], MAP_DETAIL_ZOOM);
  }, []);

  return (
    <div className={styles.page} style={isPhone ? undefined : { height: MAP_HEIGHT }}>
      <aside
        className={panelClass}
        aria-label="地图找房筛选"
        aria-hidden={isPanelHidden}
        inert={isPanelHidden}
      >
        {isPhone && <MapSheetHandle isOpen={isSheetOpen} onOpenChange={setSheetOpen} />}
        {/* Collapsing only hides the panel, so the list keeps its pages and scroll position. */}
        <MapPanel
          filter={filter}
          sortType={sortType}
          onFilter={handleFilter}
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
        {detail && markers.data?.truncated && (
          <p className={styles.mapNote}>
            当前范围楼盘较多，仅显示关注度较高的楼盘，请放大地图查看更多
          </p>
        )}
        <CityMap
          center={CITY_CENTRE}
          zoom={MAP_OVERVIEW_ZOOM}
          height={isPhone ? '100%' : MAP_HEIGHT}
          className={styles.map}
        >
          <MapViewReporter onReady={handleReady} onView={handleView} />
          {detail ? (
            <PriceMarkerLayer markers={markers.data?.list ?? []} onSelect={handleMarker} />
          ) : (
            <ClusterLayer clusters={clusters.data?.list ?? []} onSelect={handleCluster} />
          )}
          {detail && selected && (
            <Popup
              key={selected.id}
              position={[selected.lat, selected.lng]}
              pane="popupPane"
              offset={[0, -30]}
              eventHandlers={{ remove: () => setSelected(null) }}
            >
              <MarkerCard id={selected.id} />
            </Popup>
          )}
        </CityMap>
      </div>
    </div>
  );
}
