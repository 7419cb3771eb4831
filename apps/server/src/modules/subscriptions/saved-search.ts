import { DISTRICT_NAME, isDistrictCode } from '@portal/shared/constants/districts';
import type { SearchScope } from '@portal/shared/constants/subscriptions';
import { listingSearchQuerySchema } from '@portal/shared/schemas/listings';
import { projectSearchQuerySchema } from '@portal/shared/schemas/projects';
import { AppError } from '../../lib/app-error';

/** Filters a saved search keeps, in this order; paging and sorting are not part of a search. */
const PROJECT_FILTERS = [
  'keyword',
  'areaCode',
  'priceScope',
  'totalScope',
  'buildAreaScope',
  'bedroom',
  'orientation',
  'properties',
  'houseType',
] as const;
const LISTING_FILTERS = [
  'type',
  'keyword',
  'community',
  'areaCode',
  'priceScope',
  'areaScope',
  'bedroom',
  'ageScope',
  'rentType',
  'rentPay',
  'decorates',
] as const;

export function parse(scope: SearchScope, query: string) {
  const raw = Object.fromEntries(new URLSearchParams(query.replace(/^\?/, '')));
  const schema = scope === 'newHouse' ? projectSearchQuerySchema : listingSearchQuerySchema;
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new AppError('VALIDATION_FAILED', '搜索条件不正确，请重新选择后再订阅');
  return parsed.data as Record<string, unknown>;
}

/**
 * The stable form of a search's URL query: only the filters it sets, in a fixed order, so the
 * same search saved twice is one subscription. Bad filters are refused with a clear message.
 */
export function normaliseSearchQuery(scope: SearchScope, query: string): string {
  const data = parse(scope, query);
  const names = scope === 'newHouse' ? PROJECT_FILTERS : LISTING_FILTERS;
  const out = new URLSearchParams();
  for (const name of names) {
    const value = data[name];
    if (value !== undefined && value !== null && value !== '') out.set(name, String(value));
  }
  return out.toString();
}

/** A saved search in words for /mySubscriptions, notices and SMS, e.g. 新房·海港区·关键词“海景”. */
export function describeSearch(scope: SearchScope, query: string): string {
  const params = new URLSearchParams(query);
  const parts: string[] = [];
  if (scope === 'newHouse') parts.push('新房');
  else parts.push(params.get('type') === '2' ? '二手房出租' : '二手房出售');
  const area = params.get('areaCode');
  if (area && isDistrictCode(area)) parts.push(DISTRICT_NAME[area]);
  const keyword = params.get('keyword');
  if (keyword) parts.push(`关键词“${keyword}”`);
  const community = params.get('community');
  if (community) parts.push(`小区“${community}”`);
  const others = [...params.keys()].filter(
    (name) => !['type', 'areaCode', 'keyword', 'community'].includes(name),
  ).length;
  if (others > 0) parts.push(`另${others}项条件`);
  return parts.join('·');
}
