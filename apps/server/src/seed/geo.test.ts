import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  DISTRICT_CENTRES,
  DISTRICT_OUTLINES,
  DISTRICT_OUTLINE_TOLERANCE,
  FUNCTIONAL_ZONE_HOSTS,
  type LngLat,
} from '@portal/shared/constants/district-outlines';
import { DISTRICT_CODES, type DistrictCode } from '@portal/shared/constants/districts';
import { describe, expect, it } from 'vitest';
import { seedRng, SEED_REFERENCE_DATE } from './context';
import { distanceToRing, pointInRing, samplePointInDistrict } from './geo';
import { planProjects } from './project-plan';

/**
 * The full public boundary data (the city's district outlines as GeoJSON, never committed), when
 * a copy lies in the folder beside the clone named below. The repository's own coarse outlines are the reference every run checks against;
 * the comparison with the full outlines runs only where that file is present.
 */
const GEOJSON_PATH = fileURLToPath(
  new URL('../../../../../shared/geo/city-districts.geojson', import.meta.url),
);

const ADCODE_TO_CODE: Record<number, DistrictCode> = {
  130302: 'HGQ',
  130303: 'SHG',
  130304: 'BDH',
  130306: 'FN',
  130321: 'QL',
  130322: 'CL',
  130324: 'LL',
};

interface Feature {
  properties: { adcode: number; name: string };
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown };
}

type Outlines = Map<DistrictCode, LngLat[][][]>;

/** Polygons (outer ring + holes) of each administrative district from the full outlines. */
function loadFullOutlines(): Outlines | null {
  if (!existsSync(GEOJSON_PATH)) return null;
  const data = JSON.parse(readFileSync(GEOJSON_PATH, 'utf8')) as { features: Feature[] };
  const outlines: Outlines = new Map();
  for (const feature of data.features) {
    const code = ADCODE_TO_CODE[feature.properties.adcode];
    if (!code) continue;
    const polygons =
      feature.geometry.type === 'Polygon'
        ? [feature.geometry.coordinates as LngLat[][]]
        : (feature.geometry.coordinates as LngLat[][][]);
    outlines.set(code, polygons);
  }
  return outlines;
}

/** The repository's own coarse outlines, in the same shape (one ring, no holes). */
const ownOutlines: Outlines = new Map(
  DISTRICT_CODES.filter((code) => !FUNCTIONAL_ZONE_HOSTS[code]).map((code) => [
    code,
    [[DISTRICT_OUTLINES[code]]],
  ]),
);

const fullOutlines = loadFullOutlines();
console.info(
  fullOutlines
    ? `geo: full public district outlines found at ${GEOJSON_PATH}: comparing with them too`
    : `geo: no full public district outlines at ${GEOJSON_PATH}: checked against the repository's own outlines only`,
);

function insideDistrict(outlines: Outlines, code: DistrictCode, point: LngLat): boolean {
  const polygons = outlines.get(code) ?? [];
  return polygons.some(
    ([outer, ...holes]) =>
      outer !== undefined &&
      pointInRing(point, outer) &&
      !holes.some((hole) => pointInRing(point, hole)),
  );
}

/** Administrative districts a point of the given district may lie in (zones: their hosts). */
function allowedHosts(code: DistrictCode): DistrictCode[] {
  return FUNCTIONAL_ZONE_HOSTS[code] ?? [code];
}

/** The seeded-coordinate checks against one set of outlines. */
function describeSeededCoordinates(name: string, outlines: Outlines) {
  describe(`seeded project coordinates (${name})`, () => {
    it.each([1, 2, 0.05])('lie inside their district outline at scale %s', (scale) => {
      const { projects } = planProjects(seedRng('projects'), scale, SEED_REFERENCE_DATE);
      if (scale >= 1) expect(projects.length).toBeGreaterThanOrEqual(80 * scale);
      expect(new Set(projects.map((p) => p.districtCode))).toEqual(new Set(DISTRICT_CODES));
      const outside = projects.filter(
        (p) =>
          !allowedHosts(p.districtCode).some((host) =>
            insideDistrict(outlines, host, [p.lng, p.lat]),
          ),
      );
      expect(outside.map((p) => `${p.publishName} ${p.districtCode} ${p.lng},${p.lat}`)).toEqual(
        [],
      );
    });

    it('keeps KFQ projects in 海港区 and BDHXQ projects in 抚宁区 or 昌黎县', () => {
      const { projects } = planProjects(seedRng('projects'), 1, SEED_REFERENCE_DATE);
      for (const project of projects.filter((p) => p.districtCode === 'KFQ')) {
        expect(insideDistrict(outlines, 'HGQ', [project.lng, project.lat])).toBe(true);
      }
      for (const project of projects.filter((p) => p.districtCode === 'BDHXQ')) {
        const point: LngLat = [project.lng, project.lat];
        expect(insideDistrict(outlines, 'FN', point) || insideDistrict(outlines, 'CL', point)).toBe(
          true,
        );
      }
    });

    it('samples listing points inside every district, many times over', () => {
      const rng = seedRng('geo-test');
      for (const code of DISTRICT_CODES) {
        for (let i = 0; i < 300; i += 1) {
          const point = samplePointInDistrict(rng, code);
          expect(allowedHosts(code).some((host) => insideDistrict(outlines, host, point))).toBe(
            true,
          );
        }
      }
    });
  });
}

describeSeededCoordinates("the repository's own outlines", ownOutlines);
if (fullOutlines) describeSeededCoordinates('the full public outlines', fullOutlines);

describe('coarse district outlines', () => {
  it('contain their centres, and zone outlines lie on their host districts', () => {
    for (const code of DISTRICT_CODES) {
      expect(pointInRing(DISTRICT_CENTRES[code], DISTRICT_OUTLINES[code])).toBe(true);
      if (!FUNCTIONAL_ZONE_HOSTS[code]) continue;
      for (const vertex of DISTRICT_OUTLINES[code]) {
        expect(allowedHosts(code).some((host) => insideDistrict(ownOutlines, host, vertex))).toBe(
          true,
        );
      }
    }
  });
});

if (fullOutlines) {
  describe('coarse district outlines against the full public outlines', () => {
    it('follow the true boundary within the stated tolerance', () => {
      for (const [code, polygons] of fullOutlines) {
        const coarse = DISTRICT_OUTLINES[code];
        expect(coarse.length).toBeGreaterThanOrEqual(20);
        const outer = polygons.reduce((a, b) =>
          (b[0]?.length ?? 0) > (a[0]?.length ?? 0) ? b : a,
        )[0] as LngLat[];
        const worst = Math.max(...outer.map((point) => distanceToRing(point, coarse)));
        expect(worst).toBeLessThanOrEqual(DISTRICT_OUTLINE_TOLERANCE);
      }
    });

    it('zone outlines lie on their host districts', () => {
      for (const code of DISTRICT_CODES) {
        if (!FUNCTIONAL_ZONE_HOSTS[code]) continue;
        for (const vertex of DISTRICT_OUTLINES[code]) {
          expect(
            allowedHosts(code).some((host) => insideDistrict(fullOutlines, host, vertex)),
          ).toBe(true);
        }
      }
    });
  });
}
