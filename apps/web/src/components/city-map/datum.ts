/*
 * GCJ-02 (the datum Chinese web maps and this portal's stored coordinates use) versus WGS-84 /
 * CGCS2000 (GPS, and 天地图's tiles: the two differ by centimetres, far below a tile pixel).
 * GCJ-02 is WGS-84 shifted by the published obfuscation formula on the Krasovsky ellipsoid;
 * the reverse has no closed form and is solved by iteration. Points outside China are not
 * shifted. Coordinates are `[longitude, latitude]` in degrees.
 */

export type LngLat = [number, number];

const A = 6378245.0;
const EE = 0.006693421622965943;

/** Whether a point lies outside the rectangle where GCJ-02 applies (no shift there). */
export function isOutsideChina([lng, lat]: LngLat): boolean {
  return lng < 72.004 || lng > 137.8347 || lat < 0.8293 || lat > 55.8271;
}

function shiftLat(x: number, y: number): number {
  let value = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  value += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  value += ((20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI)) * 2) / 3;
  value += ((160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30)) * 2) / 3;
  return value;
}

function shiftLng(x: number, y: number): number {
  let value = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  value += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  value += ((20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI)) * 2) / 3;
  value += ((150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI)) * 2) / 3;
  return value;
}

/** WGS-84 (or CGCS2000) → GCJ-02. */
export function wgsToGcj(point: LngLat): LngLat {
  if (isOutsideChina(point)) return point;
  const [lng, lat] = point;
  const radLat = (lat / 180) * Math.PI;
  const magic = 1 - EE * Math.sin(radLat) ** 2;
  const sqrtMagic = Math.sqrt(magic);
  const dLat =
    (shiftLat(lng - 105, lat - 35) * 180) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI);
  const dLng =
    (shiftLng(lng - 105, lat - 35) * 180) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return [lng + dLng, lat + dLat];
}

/** GCJ-02 → WGS-84 (or CGCS2000), by iteration to within about a millimetre. */
export function gcjToWgs(point: LngLat): LngLat {
  if (isOutsideChina(point)) return point;
  let [lng, lat] = point;
  for (let i = 0; i < 30; i += 1) {
    const [gLng, gLat] = wgsToGcj([lng, lat]);
    const dLng = gLng - point[0];
    const dLat = gLat - point[1];
    lng -= dLng;
    lat -= dLat;
    if (Math.abs(dLng) < 1e-9 && Math.abs(dLat) < 1e-9) break;
  }
  return [lng, lat];
}
