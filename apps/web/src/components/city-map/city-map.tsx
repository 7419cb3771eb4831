import 'leaflet/dist/leaflet.css';
import { CRS, divIcon } from 'leaflet';
import type { ReactNode } from 'react';
import { AttributionControl, MapContainer, Marker, Tooltip, ZoomControl } from 'react-leaflet';
import { usePublicServices } from '../../lib/public-services';
import { useIsClient } from '../client-only';
import styles from './city-map.module.css';
import { OfflineBaseMap } from './offline-base-map';
import { GCJ_OVER_WGS_TILES, hasTiles, TiandituLayers } from './tile-layers';

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
  // A 44 × 44 px tap target around the 22 × 30 px pin, whose tip stays on the point.
  iconSize: [44, 44],
  iconAnchor: [22, 44],
  tooltipAnchor: [0, -30],
});

/**
 * The portal's map: Leaflet over 天地图's tiles when the server has a key for them (with their
 * attribution and 审图号, GCJ-02 points moved onto the CGCS2000 tiles), or over the offline
 * base map of district outlines when none is configured, so maps work with no network at all.
 * Zoom buttons are named 放大 / 缩小.
 */
export function CityMap({
  center,
  zoom,
  markers = [],
  height = 360,
  children,
  className,
}: CityMapProps) {
  const { data } = usePublicServices();
  const tiles = data?.map;
  const online = hasTiles(tiles);
  // Leaflet needs the window: a page the server renders gets the map's box, the map itself
  // right after hydration (docs/decisions/0048-server-rendered-public-pages.md).
  const isClient = useIsClient();
  return (
    <div className={[styles.frame, className].filter(Boolean).join(' ')} style={{ height }}>
      {isClient && (
        <MapContainer
          key={online ? 'tianditu' : 'offline'}
          crs={online ? GCJ_OVER_WGS_TILES : CRS.EPSG3857}
          center={[center[1], center[0]]}
          zoom={zoom}
          minZoom={8}
          maxZoom={18}
          scrollWheelZoom={false}
          zoomControl={false}
          attributionControl={false}
          className={online ? styles.map : `${styles.map} ${styles.offline}`}
        >
          <ZoomControl position="topleft" zoomInTitle="放大" zoomOutTitle="缩小" />
          {online ? (
            <>
              <TiandituLayers map={tiles} />
              <AttributionControl position="bottomright" prefix={false} />
            </>
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
      )}
    </div>
  );
}
