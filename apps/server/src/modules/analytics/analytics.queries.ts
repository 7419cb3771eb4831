import { DISTRICTS, type DistrictCode } from '@portal/shared/constants/districts';
import {
  NEW_LISTING_COUNT,
  type AnalyticsCounters,
  type BarData,
  type DealInfo,
  type NewListing,
  type PieData,
  type PieItem,
  type QuestionnairePage,
  type QuestionnaireQuery,
} from '@portal/shared/schemas/analytics';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/sql-rows';
import { isPublicProject } from '../projects/index';
import { projects } from '../projects/tables';

/** Intent types stored in questionnaires.intent_type. */
export const INTENT_BUY = '购买';
export const INTENT_RENT = '租赁';
const UNANSWERED = '未填写';

/**
 * The most recently published projects for the scrolling table; their 关注度 is the project's
 * one follower count (the 关注 … 人 of its page).
 */
export async function selectNewListings(db: Db): Promise<NewListing[]> {
  const rows = await selectRows<{
    id: number;
    publish_name: string;
    district: string;
    collect_number: number;
    platform_price: number;
  }>(
    db,
    sql`
    select ${projects.id}, ${projects.publishName}, d.name as district, ${projects.collectNumber},
      ${projects.platformPrice}
    from ${projects} join districts d on d.code = ${projects.districtCode}
    where ${isPublicProject()}
    order by ${projects.publishedAt} desc nulls last, ${projects.id} desc
    limit ${NEW_LISTING_COUNT}
  `,
  );
  return rows.map((row) => ({
    id: row.id,
    publishName: row.publish_name,
    district: row.district,
    watchCount: row.collect_number,
    platformPrice: row.platform_price,
  }));
}

/** Published projects and the sum of their follower counts. */
export async function selectCounters(db: Db): Promise<AnalyticsCounters> {
  const [row] = await selectRows<{ published: string | number; collected: string | number }>(
    db,
    sql`
    select count(*) as published, coalesce(sum(collect_number), 0) as collected
    from ${projects} where ${isPublicProject()}
  `,
  );
  return {
    publishedCount: Number(row?.published ?? 0),
    collectedCount: Number(row?.collected ?? 0),
  };
}

/**
 * New-build deals of the latest month on record (for the district, or the whole city): the sum of
 * counts and totals (yuan) and the area-weighted average price (yuan/㎡, rounded).
 */
export async function selectDealInfo(db: Db, areaCode?: DistrictCode): Promise<DealInfo> {
  const district = areaCode ? sql`and district_code = ${areaCode}` : sql``;
  const [row] = await selectRows<{
    month: string | null;
    deal_count: string | number | null;
    total: string | number | null;
    area: string | number | null;
  }>(
    db,
    sql`
    with latest as (select max(stat_month) as month from deal_stats where kind = 'new' ${district})
    select to_char(l.month, 'YYYY-MM') as month, sum(s.deal_count) as deal_count,
      sum(s.deal_total_price) as total, sum(s.deal_area) as area
    from latest l left join deal_stats s
      on s.stat_month = l.month and s.kind = 'new' ${district}
    group by l.month
  `,
  );
  const area = Number(row?.area ?? 0);
  const total = Number(row?.total ?? 0);
  return {
    month: row?.month ?? null,
    dealCount: Number(row?.deal_count ?? 0),
    dealTotalPrice: total,
    dealCurrentPrice: area > 0 ? Math.round(total / area) : 0,
  };
}

/** Keeps the surname and masks the rest of a respondent's name: 张三丰 → 张**. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return chars.join('');
  return `${chars[0]}${'*'.repeat(chars.length - 1)}`;
}

/** One page of questionnaires, newest first, with the total. */
export async function selectQuestionnaires(
  db: Db,
  query: QuestionnaireQuery,
): Promise<QuestionnairePage> {
  const rows = await selectRows<{
    id: number;
    name: string;
    job_addr: string | null;
    intent_addr: string | null;
    intent_type: string;
    intent_house_model: string | null;
    intent_price: string | null;
    intent_area: string | null;
    total: string | number;
  }>(
    db,
    sql`
    select id, name, job_addr, intent_addr, intent_type, intent_house_model, intent_price,
      intent_area, count(*) over () as total
    from questionnaires
    order by created_at desc, id desc
    limit ${query.pageSize} offset ${(query.pageNum - 1) * query.pageSize}
  `,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0) {
    const [counted] = await selectRows<{ n: string | number }>(
      db,
      sql`select count(*) as n from questionnaires`,
    );
    total = Number(counted?.n ?? 0);
  }
  return {
    list: rows.map((row) => ({
      id: row.id,
      name: maskName(row.name),
      jobAddr: row.job_addr,
      intentAddr: row.intent_addr,
      intentType: row.intent_type,
      intentHouseModel: row.intent_house_model,
      intentPrice: row.intent_price,
      intentArea: row.intent_area,
    })),
    total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** Respondents per intended district, every district in display order (zeros included). */
export async function selectIntentBar(db: Db): Promise<BarData> {
  const rows = await selectRows<{ code: string | null; n: string | number }>(
    db,
    sql`select district_code as code, count(*) as n from questionnaires group by district_code`,
  );
  const counts = new Map(rows.map((row) => [row.code, Number(row.n)]));
  return {
    xaxisData: DISTRICTS.map((d) => d.name),
    seriesData: DISTRICTS.map((d) => counts.get(d.code) ?? 0),
  };
}

async function selectPie(
  db: Db,
  column: SQL,
  intentType: string,
  areaCode?: DistrictCode,
): Promise<PieItem[]> {
  const district = areaCode ? sql`and district_code = ${areaCode}` : sql``;
  const rows = await selectRows<{ name: string | null; n: string | number }>(
    db,
    sql`
    select ${column} as name, count(*) as n from questionnaires
    where intent_type = ${intentType} ${district}
    group by ${column} order by count(*) desc, ${column}
  `,
  );
  return rows.map((row) => ({ name: row.name ?? UNANSWERED, value: Number(row.n) }));
}

/** The six pies: buy and rent intentions by house model, area band and price band. */
export async function selectPies(db: Db, areaCode?: DistrictCode): Promise<PieData> {
  const group = async (intentType: string) => ({
    houseModel: await selectPie(db, sql`intent_house_model`, intentType, areaCode),
    area: await selectPie(db, sql`intent_area`, intentType, areaCode),
    price: await selectPie(db, sql`intent_price`, intentType, areaCode),
  });
  return { buy: await group(INTENT_BUY), rent: await group(INTENT_RENT) };
}
