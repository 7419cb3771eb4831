import { mapFilterSchema } from '@portal/shared/schemas/map';
import type { ListingFilterValues, MapFilterValues, MapLayer, MapSortType } from './api/map-api';
import { POI_GROUPS } from './poi-groups';

/**
 * What /map keeps in its own address so that Back from a project or a listing opened in place
 * comes back to the same view (docs/decisions/0054-phone-navigation-and-floating-buttons.md): the
 * layer, its filters and sort, the map's centre and zoom, and the 周边配套 layer with the kinds it
 * shows (a 小区 or listing page links to its place that way). The page is drawn in the browser
 * only, so it reads the address when it opens; every change replaces the address rather than
 * adding a history entry, so one Back still leaves the map.
 */
export interface MapAddress {
  layer: MapLayer;
  filter: MapFilterValues;
  listingFilter: ListingFilterValues;
  sortType: MapSortType;
  /** Centre `[lng, lat]` (as the map takes it) and zoom when the address had a valid view. */
  view?: { center: [number, number]; zoom: number };
  /** The keys of the 周边配套 groups shown (`POI_GROUPS`), when that layer is on. */
  poi?: readonly string[];
}

const POI_KEYS = POI_GROUPS.map((group) => group.key);

/** `poi=all`, `poi=none` or the group keys shown, comma-separated; unknown keys are dropped. */
function readPoi(text: string | null): readonly string[] | undefined {
  if (text === null) return undefined;
  if (text === 'all') return POI_KEYS;
  const keys = new Set(text.split(','));
  return POI_KEYS.filter((key) => keys.has(key));
}

function poiText(keys: readonly string[]): string {
  if (POI_KEYS.every((key) => keys.includes(key))) return 'all';
  const shown = POI_KEYS.filter((key) => keys.includes(key));
  return shown.length === 0 ? 'none' : shown.join(',');
}

const LAYERS: readonly MapLayer[] = ['project', 'sale', 'rent'];
const SORTS: readonly MapSortType[] = ['1', '2', '3', '4', '5'];
const FILTER_NAMES = ['keyword', 'areaCode', 'priceScope', 'properties', 'buildAreaScope'] as const;
/** How far from the city a remembered centre may lie, degrees: anything else is not ours. */
const BOUNDS = { minLat: 38, maxLat: 42, minLng: 117, maxLng: 121 };
const ZOOMS = { min: 8, max: 18 };

/** One filter value if the map's filter rules accept it, else empty. */
function filterValue(name: (typeof FILTER_NAMES)[number], value: string | null): string {
  if (!value) return '';
  const parsed = mapFilterSchema.shape[name].safeParse(value);
  return parsed.success && typeof parsed.data === 'string' ? parsed.data : '';
}

/** The view kept in `search` (`?layer=…&c=lng,lat&z=…`); anything invalid falls back to defaults. */
export function readMapAddress(search: string): MapAddress {
  const given = new URLSearchParams(search);
  const layer = LAYERS.find((value) => value === given.get('layer')) ?? 'project';
  const sortType = SORTS.find((value) => value === given.get('sort')) ?? '1';
  const filter = Object.fromEntries(
    FILTER_NAMES.map((name) => [
      name,
      layer === 'project' ? filterValue(name, given.get(name)) : '',
    ]),
  ) as MapFilterValues;
  const listingFilter: ListingFilterValues = {
    keyword: layer === 'project' ? '' : filterValue('keyword', given.get('keyword')),
    areaCode: layer === 'project' ? '' : filterValue('areaCode', given.get('areaCode')),
  };
  const [lng, lat] = (given.get('c') ?? '').split(',').map(Number);
  const zoom = Number(given.get('z'));
  const hasView =
    lat !== undefined &&
    lng !== undefined &&
    lat >= BOUNDS.minLat &&
    lat <= BOUNDS.maxLat &&
    lng >= BOUNDS.minLng &&
    lng <= BOUNDS.maxLng &&
    Number.isInteger(zoom) &&
    zoom >= ZOOMS.min &&
    zoom <= ZOOMS.max;
  const poi = readPoi(given.get('poi'));
  return {
    layer,
    filter,
    listingFilter,
    sortType,
    ...(hasView ? { view: { center: [lng, lat], zoom } } : {}),
    ...(poi ? { poi } : {}),
  };
}

/** The query string of `address`: only what differs from the defaults, in a fixed order. */
export function mapAddressQuery(address: MapAddress): string {
  const query = new URLSearchParams();
  if (address.layer !== 'project') query.set('layer', address.layer);
  const values: Partial<MapFilterValues> =
    address.layer === 'project' ? address.filter : { ...address.listingFilter };
  for (const name of FILTER_NAMES) {
    const value = values[name];
    if (value) query.set(name, value);
  }
  if (address.sortType !== '1') query.set('sort', address.sortType);
  if (address.view) {
    const [lng, lat] = address.view.center;
    query.set('c', `${lng.toFixed(5)},${lat.toFixed(5)}`);
    query.set('z', String(address.view.zoom));
  }
  if (address.poi) query.set('poi', poiText(address.poi));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** Replaces the address's query with `address`'s, keeping the history entry and its state. */
export function keepMapAddress(address: MapAddress): void {
  const query = mapAddressQuery(address);
  if (query === window.location.search) return;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${query}`);
}
