import type { MapCluster } from '@portal/shared/schemas/map';
import { divIcon, type Map as LeafletMap } from 'leaflet';
import { useEffect } from 'react';
import { Marker as ClusterMarker, useMap, useMapEvents } from 'react-leaflet';
import styles from './map-search.module.css';

/** Pane above the base map's district labels (tooltip pane 650) and below popups (700). */
export const MAP_SEARCH_PANE = 'mapSearchMarkers';

export interface MapView {
  zoom: number;
  /** `minLng,minLat,maxLng,maxLat`, 4 decimals. */
  bbox: string;
  /** The map's centre, `[lng, lat]` as the map component takes it. */
  center: [number, number];
}

function viewOf(map: LeafletMap): MapView {
  const b = map.getBounds();
  const bbox = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]
    .map((value) => value.toFixed(4))
    .join(',');
  const centre = map.getCenter();
  return { zoom: map.getZoom(), bbox, center: [centre.lng, centre.lat] };
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

/** District clusters: name and count of projects or listings; a click reports the cluster. */
export function ClusterLayer({
  clusters,
  unit = '个楼盘',
  onSelect,
}: {
  clusters: readonly MapCluster[];
  /** What the count is of: 个楼盘 or 套. */
  unit?: string;
  onSelect: (cluster: MapCluster) => void;
}) {
  return (
    <>
      {clusters.map((cluster) => (
        <ClusterMarker
          key={cluster.key}
          position={[cluster.lat, cluster.lng]}
          pane={MAP_SEARCH_PANE}
          title={`${cluster.label} ${cluster.docCount}${unit}`}
          icon={divIcon({
            className: styles.cluster,
            iconSize: [84, 84],
            html: `<span>${escapeHtml(cluster.label)}</span><b>${cluster.docCount}${unit === '套' ? '套' : '个'}</b>`,
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

/** Text made safe for the HTML of a Leaflet icon or tooltip. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}
