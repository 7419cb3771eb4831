import {
  DISTRICT_OUTLINES,
  DISTRICT_OUTLINE_TOLERANCE,
  FUNCTIONAL_ZONE_HOSTS,
  type LngLat,
} from '@portal/shared/constants/district-outlines';
import type { DistrictCode } from '@portal/shared/constants/districts';
import type { Rng } from './random';

/** Ray-casting test: is the point inside the (open or closed) ring? */
export function pointInRing(point: LngLat, ring: readonly LngLat[]): boolean {
  const [x, y] = point;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i] as LngLat;
    const [xj, yj] = ring[j] as LngLat;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Smallest distance in degrees from the point to the ring's edges. */
export function distanceToRing(point: LngLat, ring: readonly LngLat[]): number {
  const [px, py] = point;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [ax, ay] = ring[j] as LngLat;
    const [bx, by] = ring[i] as LngLat;
    const dx = bx - ax;
    const dy = by - ay;
    const length2 = dx * dx + dy * dy;
    const t =
      length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
    best = Math.min(best, Math.hypot(px - ax - t * dx, py - ay - t * dy));
  }
  return best;
}

/** Clearance kept from a coarse outline so a point is also inside the true boundary. */
const MARGIN = DISTRICT_OUTLINE_TOLERANCE + 0.002;

/** Where the built-up areas of each district are: centre and spread (degrees) of each cluster. */
const CLUSTERS: Record<DistrictCode, Array<[number, number, number]>> = {
  HGQ: [
    [119.6, 39.945, 0.015],
    [119.585, 39.968, 0.012],
    [119.622, 39.955, 0.012],
    [119.6, 39.99, 0.012],
  ],
  KFQ: [
    [119.515, 39.935, 0.012],
    [119.54, 39.932, 0.008],
  ],
  BDH: [
    [119.48, 39.838, 0.01],
    [119.445, 39.845, 0.012],
    [119.485, 39.85, 0.008],
  ],
  SHG: [
    [119.755, 40.002, 0.01],
    [119.74, 40.015, 0.01],
    [119.775, 39.995, 0.008],
  ],
  FN: [
    [119.245, 39.885, 0.01],
    [119.262, 39.872, 0.01],
  ],
  CL: [
    [119.165, 39.71, 0.01],
    [119.18, 39.7, 0.008],
  ],
  LL: [[118.885, 39.89, 0.01]],
  QL: [[118.955, 40.405, 0.008]],
  BDHXQ: [
    [119.28, 39.68, 0.012],
    [119.29, 39.72, 0.01],
    [119.33, 39.755, 0.008],
  ],
};

/** Administrative outlines a district's land lies on (a zone: its hosts). */
function hostsOf(code: DistrictCode): DistrictCode[] {
  return FUNCTIONAL_ZONE_HOSTS[code] ?? [code];
}

/** Zones carved out of an administrative district (HGQ → KFQ, FN/CL → BDHXQ). */
function zonesInside(code: DistrictCode): DistrictCode[] {
  return (Object.keys(FUNCTIONAL_ZONE_HOSTS) as DistrictCode[]).filter((zone) =>
    (FUNCTIONAL_ZONE_HOSTS[zone] ?? []).includes(code),
  );
}

/**
 * Whether a point lies on the district's land with a safety margin: inside a host outline and at
 * least MARGIN from its edge; a zone's point must also be inside the zone's ring, and an
 * administrative district's point outside the zones carved out of it.
 */
export function isSafelyInside(code: DistrictCode, point: LngLat): boolean {
  const onHost = hostsOf(code).some(
    (host) =>
      pointInRing(point, DISTRICT_OUTLINES[host]) &&
      distanceToRing(point, DISTRICT_OUTLINES[host]) >= MARGIN,
  );
  if (!onHost) return false;
  if (FUNCTIONAL_ZONE_HOSTS[code]) return pointInRing(point, DISTRICT_OUTLINES[code]);
  return zonesInside(code).every((zone) => !pointInRing(point, DISTRICT_OUTLINES[zone]));
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** A point in one of the district's built-up clusters, safely inside the district's land. */
export function samplePointInDistrict(rng: Rng, code: DistrictCode): LngLat {
  const clusters = CLUSTERS[code];
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const [lng, lat, spread] = rng.pick(clusters);
    const point: LngLat = [
      round6(lng + rng.normal() * spread),
      round6(lat + rng.normal() * spread),
    ];
    if (isSafelyInside(code, point)) return point;
  }
  const [lng, lat] = clusters[0] as [number, number, number];
  return [lng, lat];
}
