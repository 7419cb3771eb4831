import { DISTRICT_CENTRES, DISTRICT_OUTLINES } from '@portal/shared/constants/district-outlines';
import { DISTRICTS, type DistrictCode } from '@portal/shared/constants/districts';
import { Polygon, Tooltip } from 'react-leaflet';

/** Zones drawn on top of their host districts (they lie inside them). */
const ZONES: ReadonlySet<DistrictCode> = new Set(['KFQ', 'BDHXQ']);

const DISTRICT_STYLE = {
  color: '#8aa4c8',
  weight: 1.2,
  fillColor: '#f4f1e8',
  fillOpacity: 1,
} as const;

const ZONE_STYLE = {
  color: '#6b8fc4',
  weight: 1,
  dashArray: '4 4',
  fillColor: '#e9efe0',
  fillOpacity: 1,
} as const;

const toLatLng = ([lng, lat]: [number, number]): [number, number] => [lat, lng];

/**
 * The offline base map: the city's coarse district outlines as land on a sea-coloured
 * background, each labelled with its name. Used when no tile server is configured.
 */
export function OfflineBaseMap({ showLabels = true }: { showLabels?: boolean }) {
  const ordered = [...DISTRICTS].sort(
    (a, b) => Number(ZONES.has(a.code)) - Number(ZONES.has(b.code)),
  );
  return (
    <>
      {ordered.map((district) => (
        <Polygon
          key={district.code}
          positions={DISTRICT_OUTLINES[district.code].map(toLatLng)}
          pathOptions={ZONES.has(district.code) ? ZONE_STYLE : DISTRICT_STYLE}
          interactive={false}
        >
          {showLabels ? (
            <Tooltip
              permanent
              direction="center"
              className="city-map-district-label"
              position={toLatLng(DISTRICT_CENTRES[district.code])}
            >
              {district.name}
            </Tooltip>
          ) : null}
        </Polygon>
      ))}
    </>
  );
}
