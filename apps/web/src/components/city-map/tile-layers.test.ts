import { CRS, LatLng } from 'leaflet';
import { describe, expect, it } from 'vitest';
import { gcjToWgs } from './datum';
import { GCJ_OVER_WGS_TILES, tiandituTileUrl } from './tile-layers';

describe('GCJ-02 points over 天地图 tiles', () => {
  it('places a stored GCJ-02 point where its WGS-84 twin lies on the tiles, and reads it back', () => {
    const hall = new LatLng(39.9354, 119.6003);
    const [lng, lat] = gcjToWgs([hall.lng, hall.lat]);
    const onTiles = GCJ_OVER_WGS_TILES.latLngToPoint(hall, 14);
    const expected = CRS.EPSG3857.latLngToPoint(new LatLng(lat, lng), 14);
    expect(onTiles.x).toBeCloseTo(expected.x, 6);
    expect(onTiles.y).toBeCloseTo(expected.y, 6);
    const back = GCJ_OVER_WGS_TILES.pointToLatLng(onTiles, 14);
    expect(back.lat).toBeCloseTo(hall.lat, 8);
    expect(back.lng).toBeCloseTo(hall.lng, 8);
    // Half a kilometre is about 45 pixels at zoom 14: drawing GCJ-02 as WGS-84 would be visible.
    expect(Math.abs(CRS.EPSG3857.latLngToPoint(hall, 14).x - onTiles.x)).toBeGreaterThan(20);
  });

  it('asks 天地图 for Web Mercator tiles with the key', () => {
    expect(tiandituTileUrl('cva', 'abc')).toContain('/cva_w/wmts?');
    expect(tiandituTileUrl('vec', 'abc')).toMatch(/TILEMATRIXSET=w&.*&tk=abc$/);
  });
});
