import { formatNumber } from '@portal/shared/format';
import type { MapCluster, MapMarker } from '@portal/shared/schemas/map';
import {
  divIcon,
  layerGroup,
  type Map as LeafletMap,
  marker as leafletMarker,
  type Marker,
} from 'leaflet';
import { useEffect, useRef } from 'react';
import { Marker as ClusterMarker, useMap, useMapEvents } from 'react-leaflet';
import styles from './map-search.module.css';

/** Pane above the base map's district labels (tooltip pane 650) and below popups (700). */
export const MAP_SEARCH_PANE = 'mapSearchMarkers';

export interface MapView {
  zoom: number;
  /** `minLng,minLat,maxLng,maxLat`, 4 decimals. */
  bbox: string;
}

function viewOf(map: LeafletMap): MapView {
  const b = map.getBounds();
  const bbox = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]
    .map((value) => value.toFixed(4))
    .join(',');
  return { zoom: map.getZoom(), bbox };
}

/**
 * Hands the map to the page, turns on wheel zoom and reports the view after every move or zoom
 * (Leaflet fires `moveend` once a pan or zoom has finished, so dragging sends nothing).
 */
export function MapViewReporter({
  onReady,
  onView,
}: {
  onReady: (map: LeafletMap) => void;
  onView: (view: MapView) => void;
}) {
  const map = useMap();
  useEffect(() => {
    map.scrollWheelZoom.enable();
    map.zoomControl?.setPosition('topright');
    if (!map.getPane(MAP_SEARCH_PANE)) {
      const pane = map.createPane(MAP_SEARCH_PANE);
      pane.style.zIndex = '660';
    }
    onReady(map);
    onView(viewOf(map));
  }, [map, onReady, onView]);
  useMapEvents({ moveend: () => onView(viewOf(map)) });
  return null;
}

/** District clusters: name and project count; a click reports the cluster. */
export function ClusterLayer({
  clusters,
  onSelect,
}: {
  clusters: readonly MapCluster[];
  onSelect: (cluster: MapCluster) => void;
}) {
  return (
    <>
      {clusters.map((cluster) => (
        <ClusterMarker
          key={cluster.key}
          position={[cluster.lat, cluster.lng]}
          pane={MAP_SEARCH_PANE}
          title={`${cluster.label} ${cluster.docCount}个楼盘`}
          icon={divIcon({
            className: styles.cluster,
            iconSize: [84, 84],
            html: `<span>${escapeHtml(cluster.label)}</span><b>${cluster.docCount}个</b>`,
          })}
          eventHandlers={{ click: () => onSelect(cluster) }}
        />
      ))}
    </>
  );
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function priceIcon(item: MapMarker) {
  const price = item.platformPrice > 0 ? `${formatNumber(item.platformPrice)}元/㎡` : '价格待定';
  return divIcon({
    className: styles.iconRoot,
    iconSize: undefined,
    html: `<div class="${styles.price}" data-project-id="${item.id}"><b>${price}</b><span class="${styles.priceName}">${escapeHtml(item.name)}</span></div>`,
  });
}

/**
 * Single-project price markers as light DOM icons, kept in one layer group and updated by id:
 * markers still in view stay untouched, so panning only adds and removes the edges.
 */
export function PriceMarkerLayer({
  markers,
  onSelect,
}: {
  markers: readonly MapMarker[];
  onSelect: (item: MapMarker) => void;
}) {
  const map = useMap();
  const group = useRef(layerGroup());
  const shown = useRef(new Map<number, { marker: Marker; item: MapMarker }>());
  const select = useRef(onSelect);

  useEffect(() => {
    select.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    const layer = group.current;
    const current = shown.current;
    layer.addTo(map);
    return () => {
      layer.clearLayers();
      layer.remove();
      current.clear();
    };
  }, [map]);

  useEffect(() => {
    const wanted = new Map(markers.map((item) => [item.id, item]));
    for (const [id, entry] of shown.current) {
      const next = wanted.get(id);
      if (
        !next ||
        next.platformPrice !== entry.item.platformPrice ||
        next.name !== entry.item.name
      ) {
        group.current.removeLayer(entry.marker);
        shown.current.delete(id);
      }
    }
    for (const item of markers) {
      if (shown.current.has(item.id)) continue;
      const marker = leafletMarker([item.lat, item.lng], {
        icon: priceIcon(item),
        pane: MAP_SEARCH_PANE,
        riseOnHover: true,
        title: item.name,
        keyboard: true,
      });
      marker.on('click', () => select.current(item));
      group.current.addLayer(marker);
      shown.current.set(item.id, { marker, item });
    }
  }, [markers]);

  return null;
}
