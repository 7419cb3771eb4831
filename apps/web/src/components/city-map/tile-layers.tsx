import type { PublicServices } from '@portal/shared/schemas/site';
import { CRS, LatLng, Projection, Util, type CRS as LeafletCrs, type Point } from 'leaflet';
import { TileLayer } from 'react-leaflet';
import { gcjToWgs, wgsToGcj } from './datum';

type MapServices = PublicServices['map'];

/**
 * Web Mercator for GCJ-02 coordinates over WGS-84 tiles: every point the portal hands Leaflet
 * (stored in GCJ-02) is moved to WGS-84 before projection, and every point Leaflet reads back
 * (clicks, bounds) is moved to GCJ-02, so markers, outlines and searches line up with 天地图's
 * CGCS2000 tiles while the rest of the app keeps one datum.
 */
const gcjMercator = {
  bounds: Projection.SphericalMercator.bounds,
  project(latlng: LatLng): Point {
    const [lng, lat] = gcjToWgs([latlng.lng, latlng.lat]);
    return Projection.SphericalMercator.project(new LatLng(lat, lng));
  },
  unproject(point: Point): LatLng {
    const wgs = Projection.SphericalMercator.unproject(point);
    const [lng, lat] = wgsToGcj([wgs.lng, wgs.lat]);
    return new LatLng(lat, lng);
  },
};

/** The CRS the map uses with 天地图's tiles (see gcjMercator). */
export const GCJ_OVER_WGS_TILES: LeafletCrs = Util.extend({}, CRS.EPSG3857, {
  projection: gcjMercator,
});

/** The Web Mercator (`_w`) WMTS tile URL of one 天地图 layer (vec roads and areas, cva labels). */
export function tiandituTileUrl(layer: 'vec' | 'cva', key: string): string {
  return (
    `https://t{s}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0` +
    `&LAYER=${layer}&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}` +
    `&TILECOL={x}&tk=${encodeURIComponent(key)}`
  );
}

/** The attribution every tile provider requires, with the 审图号 of its maps. */
export function tileAttribution(map: MapServices): string {
  return `&copy; <a href="https://www.tianditu.gov.cn/" target="_blank" rel="noreferrer">天地图</a> 国家地理信息公共服务平台 审图号：${map.reviewNumber ?? ''}`;
}

/** Whether tiles are configured (a provider with its key); else the offline base map is drawn. */
export function hasTiles(map: MapServices | undefined): map is MapServices & { key: string } {
  return map?.provider === 'tianditu' && Boolean(map.key);
}

/** 天地图's vector map with its Chinese labels on top. */
export function TiandituLayers({ map }: { map: MapServices & { key: string } }) {
  const common = { subdomains: '01234567', maxZoom: 18, attribution: tileAttribution(map) };
  return (
    <>
      <TileLayer url={tiandituTileUrl('vec', map.key)} {...common} />
      <TileLayer url={tiandituTileUrl('cva', map.key)} {...common} attribution="" />
    </>
  );
}
