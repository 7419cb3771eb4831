import 'leaflet/dist/leaflet.css';
import { divIcon } from 'leaflet';
import type { ReactNode } from 'react';
import { MapContainer, Marker, TileLayer, Tooltip } from 'react-leaflet';
import styles from './city-map.module.css';
import { OfflineBaseMap } from './offline-base-map';

/** A tile server URL template (`https://…/{z}/{x}/{y}.png`); unset = the offline base map. */
export const MAP_TILE_URL: string | undefined = import.meta.env.VITE_MAP_TILE_URL || undefined;
const MAP_TILE_ATTRIBUTION: string = import.meta.env.VITE_MAP_TILE_ATTRIBUTION ?? '';

export interface CityMapMarker {
  id: string | number;
  /** `[longitude, latitude]` (GCJ-02, as stored). */
  position: [number, number];
  label: string;
  onClick?: () => void;
}

export interface CityMapProps {
  /** `[longitude, latitude]`. */
  center: [number, number];
  zoom: number;
  markers?: readonly CityMapMarker[];
  /** Height of the map box (px, or a CSS length such as `100%`); width follows the container. */
  height?: number | string;
  /** Further Leaflet layers (clusters, price markers …). */
  children?: ReactNode;
  className?: string;
}

const MARKER_ICON = divIcon({
  className: styles.markerRoot,
  html: `<span class="${styles.marker}"></span>`,
  iconSize: [22, 30],
  iconAnchor: [11, 30],
  tooltipAnchor: [0, -30],
});

/**
 * The portal's map: Leaflet over the configured tile server, or over the offline base map of
 * district outlines when none is configured, so maps work with no network at all.
 */
export function CityMap({
  center,
  zoom,
  markers = [],
  height = 360,
  children,
  className,
}: CityMapProps) {
  return (
    <div className={[styles.frame, className].filter(Boolean).join(' ')} style={{ height }}>
      <MapContainer
        center={[center[1], center[0]]}
        zoom={zoom}
        minZoom={8}
        maxZoom={18}
        scrollWheelZoom={false}
        className={MAP_TILE_URL ? styles.map : `${styles.map} ${styles.offline}`}
        attributionControl={Boolean(MAP_TILE_URL)}
      >
        {MAP_TILE_URL ? (
          <TileLayer url={MAP_TILE_URL} attribution={MAP_TILE_ATTRIBUTION} />
        ) : (
          <OfflineBaseMap />
        )}
        {markers.map((marker) => (
          <Marker
            key={marker.id}
            position={[marker.position[1], marker.position[0]]}
            icon={MARKER_ICON}
            title={marker.label}
            eventHandlers={marker.onClick ? { click: marker.onClick } : undefined}
          >
            <Tooltip direction="top" permanent className={styles.markerLabel}>
              {marker.label}
            </Tooltip>
          </Marker>
        ))}
        {children}
      </MapContainer>
    </div>
  );
}
