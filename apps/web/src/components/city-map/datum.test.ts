import { describe, expect, it } from 'vitest';
import { gcjToWgs, wgsToGcj, type LngLat } from './datum';

/** Metres between two nearby points (equirectangular, good to a few millimetres here). */
function metres([lng1, lat1]: LngLat, [lng2, lat2]: LngLat): number {
  const r = 6371008.8;
  const x = (((lng2 - lng1) * Math.PI) / 180) * Math.cos((((lat1 + lat2) / 2) * Math.PI) / 180);
  const y = ((lat2 - lat1) * Math.PI) / 180;
  return Math.hypot(x, y) * r;
}

describe('GCJ-02 and WGS-84', () => {
  it.each([
    // Reference pairs published with the formula's open implementations (WGS-84 → GCJ-02).
    ['Beijing', [116.377817, 39.911954], [116.38404722455657, 39.91334545536069]],
    ['Shanghai', [121.5272106, 31.1774276], [121.531541859215, 31.17530398364597]],
    ['Shenzhen', [113.912316, 22.543847], [113.9171764808363, 22.540796131694766]],
    ['Tiananmen', [116.404, 39.915], [116.41024449916938, 39.91640428150164]],
  ] as [string, LngLat, LngLat][])('shifts %s as the reference does', (_name, wgs, gcj) => {
    const [lng, lat] = wgsToGcj(wgs);
    expect(lng).toBeCloseTo(gcj[0], 9);
    expect(lat).toBeCloseTo(gcj[1], 9);
  });

  it.each([
    ['秦皇岛站', [119.5935, 39.9363]],
    ['北戴河 鸽子窝', [119.5367, 39.834]],
    ['山海关 老龙头', [119.7991, 39.9679]],
    ['昌黎 碣石山', [119.1339, 39.7151]],
    ['房地产交易大厅（海港区）', [119.6003, 39.9354]],
  ] as [string, LngLat][])(
    "moves %s by the city's few hundred metres and back to the millimetre",
    (_name, gcj) => {
      const wgs = gcjToWgs(gcj);
      // Around 秦皇岛 the GCJ-02 point lies east of the WGS-84 one by about half a kilometre.
      const shift = metres(wgs, gcj);
      expect(shift).toBeGreaterThan(300);
      expect(shift).toBeLessThan(800);
      expect(gcj[0]).toBeGreaterThan(wgs[0]);
      expect(metres(wgsToGcj(wgs), gcj)).toBeLessThan(0.001);
    },
  );

  it('leaves points outside China as they are', () => {
    expect(wgsToGcj([139.767, 35.681])).toEqual([139.767, 35.681]);
    expect(gcjToWgs([-0.1276, 51.5072])).toEqual([-0.1276, 51.5072]);
  });
});
