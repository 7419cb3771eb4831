import { type PoiCategory, POI_CATEGORY_LABEL } from '@portal/shared/constants/places';

/**
 * The 周边配套 layer's kinds as the map offers them (docs/product/nearby.md): metro stations and bus
 * stops are one group (秦皇岛 has no metro yet). Each has its own mark and colour on the map; the
 * colours keep white text at 4.5:1 or more.
 */
export interface PoiGroup {
  key: string;
  label: string;
  categories: readonly PoiCategory[];
  /** One character drawn in the marker. */
  mark: string;
  colour: string;
}

export const POI_GROUPS: readonly PoiGroup[] = [
  { key: 'school', label: '学校', categories: ['school'], mark: '学', colour: '#1d4ed8' },
  {
    key: 'kindergarten',
    label: '幼儿园',
    categories: ['kindergarten'],
    mark: '幼',
    colour: '#9d174d',
  },
  {
    key: 'transit',
    label: '地铁/公交',
    categories: ['metro', 'bus'],
    mark: '交',
    colour: '#0f766e',
  },
  { key: 'hospital', label: '医院', categories: ['hospital'], mark: '医', colour: '#b91c1c' },
  { key: 'shop', label: '超市商场', categories: ['shop'], mark: '商', colour: '#9a3412' },
  { key: 'park', label: '公园', categories: ['park'], mark: '园', colour: '#166534' },
  { key: 'bank', label: '银行', categories: ['bank'], mark: '银', colour: '#6b21a8' },
];

/** The group of a point's kind. */
export function poiGroupOf(category: PoiCategory): PoiGroup | undefined {
  return POI_GROUPS.find((group) => group.categories.includes(category));
}

/** What a tapped point says of its kind: 公交站, 地铁站, 学校… */
export function poiCategoryLabel(category: PoiCategory): string {
  return POI_CATEGORY_LABEL[category];
}
