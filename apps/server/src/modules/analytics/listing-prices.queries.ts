import { beijingInstant, beijingMonth } from '@portal/shared/beijing-time';
import { DISTRICTS, type DistrictCode } from '@portal/shared/constants/districts';
import { LISTING_TYPE } from '@portal/shared/constants/listings';
import {
  LISTING_PRICE_COMMUNITIES,
  LISTING_PRICE_MONTHS,
  type ListingPriceLine,
  type ListingPriceTrend,
} from '@portal/shared/schemas/analytics';
import { LISTING_STATUS } from '@portal/shared/status';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/sql-rows';
import { codes } from '../../db/status-literal';

/** The Beijing calendar months ending with the month of `now`: label and [start, end) instants. */
export function trendMonths(now: Date, count = LISTING_PRICE_MONTHS) {
  const [year, month] = beijingMonth(now).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const monthIndex = month - 1 + i - (count - 1);
    const start = beijingInstant(year, monthIndex);
    const end = beijingInstant(year, monthIndex + 1);
    return { label: beijingMonth(start), start, end };
  });
}

interface TrendRow {
  idx: string | number;
  district_code: string | null;
  community_name: string | null;
  district_level: number;
  community_level: number;
  average: string | number;
  listings: string | number;
}

/**
 * Monthly average second-hand sale unit prices (元/㎡) for the city, each district and the
 * busiest communities (docs/product/content.md). A sale listing counts in a month once it was
 * published before the month ended, while it is public (已发布, 待确认在售) or, when sold
 * (已成交), until the month it was closed in. Its price in a month is the one in force at the
 * month's end, read from its price changes: the new price of the last change before the end,
 * else the old price of the first change after it, else its current price; divided by its
 * build area. A month without listings averages null.
 */
export async function selectListingPriceTrend(
  db: Db,
  now: Date,
  areaCode?: DistrictCode,
): Promise<ListingPriceTrend> {
  const months = trendMonths(now);
  const starts = `{${months.map((m) => m.start.toISOString()).join(',')}}`;
  const ends = `{${months.map((m) => m.end.toISOString()).join(',')}}`;
  const rows = await selectRows<TrendRow>(
    db,
    sql`
    with months as (
      select m.idx, m.start_at, m.end_at
      from unnest(${starts}::timestamptz[], ${ends}::timestamptz[])
        with ordinality as m(start_at, end_at, idx)
    ),
    priced as (
      select m.idx, l.id, l.district_code, l.community_name,
        coalesce(
          (select c.new_price from price_changes c
            where c.subject_kind = 'listing' and c.subject_id = l.id and c.changed_at < m.end_at
            order by c.changed_at desc, c.id desc limit 1),
          (select c.old_price from price_changes c
            where c.subject_kind = 'listing' and c.subject_id = l.id and c.changed_at >= m.end_at
            order by c.changed_at, c.id limit 1),
          l.price)::numeric / l.build_area as unit
      from months m
      join second_hand_listings l
        on l.type = ${LISTING_TYPE.SALE} and l.build_area > 0 and l.publish_time < m.end_at
        and (l.publish_status in (${codes(LISTING_STATUS.PUBLISHED, LISTING_STATUS.UNCONFIRMED)}) or (l.publish_status = ${codes(LISTING_STATUS.CLOSED)} and l.updated_at >= m.start_at))
    )
    select idx, district_code, community_name,
      grouping(district_code) as district_level, grouping(community_name) as community_level,
      avg(unit) as average, count(*) as listings
    from priced
    group by grouping sets ((idx), (idx, district_code), (idx, district_code, community_name))
  `,
  );

  const blank = () => months.map((): number | null => null);
  const lines = new Map<string, { line: ListingPriceLine; lastCount: number }>();
  const lineOf = (key: string, name: string, district: string) => {
    let entry = lines.get(key);
    if (!entry) {
      entry = { line: { name, district, listingCount: 0, averages: blank() }, lastCount: 0 };
      lines.set(key, entry);
    }
    return entry;
  };
  const districtName = new Map<string, string>(DISTRICTS.map((d) => [d.code, d.name]));
  for (const row of rows) {
    const index = Number(row.idx) - 1;
    let entry;
    if (Number(row.district_level) === 1) entry = lineOf('city', '全市', '');
    else if (Number(row.community_level) === 1) {
      const code = row.district_code ?? '';
      entry = lineOf(`d:${code}`, districtName.get(code) ?? code, code);
    } else {
      const code = row.district_code ?? '';
      if (areaCode && code !== areaCode) continue;
      const name = row.community_name ?? '';
      entry = lineOf(`c:${code}:${name}`, name, districtName.get(code) ?? code);
    }
    entry.line.averages[index] = Math.round(Number(row.average));
    if (index === months.length - 1) entry.line.listingCount = Number(row.listings);
  }
  const city = lines.get('city')?.line ?? {
    name: '全市',
    district: '',
    listingCount: 0,
    averages: blank(),
  };
  const districts = DISTRICTS.flatMap((d) => {
    const line = lines.get(`d:${d.code}`)?.line;
    return line ? [line] : [];
  });
  const communities = [...lines.entries()]
    .filter(([key]) => key.startsWith('c:'))
    .map(([, entry]) => entry.line)
    .sort((a, b) => b.listingCount - a.listingCount || a.name.localeCompare(b.name))
    .slice(0, LISTING_PRICE_COMMUNITIES);
  return {
    asOf: now.toISOString(),
    months: months.map((m) => m.label),
    city,
    districts,
    communities,
  };
}
