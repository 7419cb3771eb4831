import { NEWS_TYPE } from '@portal/shared/constants/news';
import {
  findBand,
  PROJECT_AREA_BANDS,
  PROJECT_PRICE_BANDS,
  PROJECT_TOTAL_BANDS,
  type RangeBand,
} from '@portal/shared/constants/project-filters';
import type { ProjectListItem, ProjectSearchQuery } from '@portal/shared/schemas/projects';
import { PROJECT_STATUS, ROOM_SALE_STATUS } from '@portal/shared/status';
import { type SQL, sql } from 'drizzle-orm';
import { bigramTsQuery } from '../../db/bigrams';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/sql-rows';
import { words } from '../../db/status-literal';
import { isPublicArticle } from '../news/tables';

function bandCondition(column: SQL, band: RangeBand | undefined): SQL | undefined {
  if (!band) return undefined;
  const parts: SQL[] = [];
  if (band.min !== null) parts.push(sql`${column} >= ${band.min}`);
  if (band.max !== null) parts.push(sql`${column} < ${band.max}`);
  return sql.join(parts, sql` and `);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The WHERE conditions of a search. The keyword goes through the bigram GIN index
 * (docs/decisions/0003) and is re-checked with ILIKE so that only contiguous matches remain.
 */
export function searchConditions(query: ProjectSearchQuery): SQL {
  const conditions: SQL[] = [sql`p.publish_status = ${PROJECT_STATUS.PUBLISHED}`];
  const keyword = query.keyword?.trim();
  const tsQuery = keyword ? bigramTsQuery(keyword) : null;
  if (keyword && tsQuery) {
    conditions.push(sql`p.search_bigrams @@ ${tsQuery}::tsquery`);
    conditions.push(
      sql`(p.publish_name || ' ' || p.project_name || ' ' || p.project_address || ' ' || d.name || ' ' || coalesce(c.name, '')) ilike ${`%${escapeLike(keyword)}%`}`,
    );
  }
  if (query.areaCode) conditions.push(sql`p.district_code = ${query.areaCode}`);
  const price = bandCondition(
    sql`p.platform_price`,
    findBand(PROJECT_PRICE_BANDS, query.priceScope),
  );
  if (price) conditions.push(price);
  // 总价: a room for sale whose stored total lies in the band. A scalar subquery (never turned
  // into a join, whatever the table statistics say) probes, per candidate project, the partial
  // index rooms_project_for_sale_total_idx (project_id, total_price) where sale_status = 'green'.
  const total = bandCondition(sql`r.total_price`, findBand(PROJECT_TOTAL_BANDS, query.totalScope));
  if (total) {
    conditions.push(
      sql`(select r.id from rooms r where r.project_id = p.id and r.sale_status = ${words(ROOM_SALE_STATUS.AVAILABLE)} and ${total} limit 1) is not null`,
    );
  }
  // 朝向: a room for sale facing that way; with 户型 chosen too, that same room's house model has
  // the bedroom count (a 三室 facing 南 for sale, not a 三室 model beside some other 南 room).
  if (query.orientation) {
    const roomModel = query.bedroom
      ? Number(query.bedroom) >= 5
        ? sql` and rm.bedroom >= 5`
        : sql` and rm.bedroom = ${Number(query.bedroom)}`
      : sql``;
    conditions.push(
      sql`exists (select 1 from rooms r${query.bedroom ? sql` join house_models rm on rm.id = r.house_model_id` : sql``}
        where r.project_id = p.id and r.sale_status = ${words(ROOM_SALE_STATUS.AVAILABLE)}
          and r.orientation = ${query.orientation}${roomModel})`,
    );
  }
  if (query.properties)
    conditions.push(sql`p.properties @> array[${Number(query.properties)}]::smallint[]`);
  if (query.houseType === '1') conditions.push(sql`p.tradein`);
  const area = bandCondition(sql`m.area`, findBand(PROJECT_AREA_BANDS, query.buildAreaScope));
  const bedroom = query.bedroom
    ? Number(query.bedroom) >= 5
      ? sql`m.bedroom >= 5`
      : sql`m.bedroom = ${Number(query.bedroom)}`
    : undefined;
  const modelParts = [area, bedroom].filter((part): part is SQL => part !== undefined);
  if (modelParts.length > 0) {
    conditions.push(
      sql`exists (select 1 from house_models m where m.project_id = p.id and ${sql.join(modelParts, sql` and `)})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

const ORDER_BY: Record<ProjectSearchQuery['sortType'], SQL> = {
  '1': sql`p.published_at desc nulls last, p.id desc`,
  '2': sql`p.platform_price desc, p.id desc`,
  '3': sql`p.platform_price asc, p.id asc`,
  '4': sql`p.collect_number desc, p.id desc`,
  '5': sql`p.collect_number asc, p.id asc`,
};

interface SearchRow {
  id: number;
  cover_path: string | null;
  publish_name: string;
  project_name: string;
  district_code: string;
  project_address: string;
  sales_center: string | null;
  platform_price: number;
  current_price: number;
  publish_price: number | null;
  status_text: string | null;
  house_type_str: string | null;
  tradein: boolean;
  tags: string[] | null;
  min_area: string | number | null;
  max_area: string | number | null;
  news_id: number | null;
  news_title: string | null;
  total: string | number;
}

const toNumber = (value: string | number | null): number | null =>
  value === null ? null : Number(value);

function toItem(row: SearchRow): ProjectListItem {
  return {
    id: row.id,
    coverUrl: row.cover_path,
    publishName: row.publish_name,
    projectName: row.project_name,
    districtCode: row.district_code,
    projectAddress: row.project_address,
    salesCenter: row.sales_center,
    platformPrice: row.platform_price,
    currentPrice: row.current_price,
    publishPrice: row.publish_price,
    statusText: row.status_text,
    houseTypeStr: row.house_type_str,
    tradein: row.tradein,
    tags: row.tags ?? [],
    minArea: toNumber(row.min_area),
    maxArea: toNumber(row.max_area),
    latestNews:
      row.news_id !== null && row.news_title !== null
        ? { id: row.news_id, title: row.news_title }
        : null,
  };
}

/** The columns of a list item, over `p` (projects) and `total`, given by the caller. */
function itemSelect(total: SQL) {
  return sql`
    select p.id, p.cover_path, p.publish_name, p.project_name, p.district_code, p.project_address,
      p.sales_center, p.platform_price, p.current_price, p.publish_price, p.status_text,
      p.house_type_str, p.tradein, ${total} as total,
      (select array_agg(t.tag_name order by t.sort, t.id) from project_tags pt
        join tags t on t.id = pt.tag_id where pt.project_id = p.id) as tags,
      (select min(m.area) from house_models m where m.project_id = p.id) as min_area,
      (select max(m.area) from house_models m where m.project_id = p.id) as max_area,
      n.id as news_id, n.title as news_title`;
}

/** The latest public 楼盘动态 of `p` (by the news module's rule), joined as `n`. */
const LATEST_NEWS = sql`
    left join lateral (
      select id, title from news
      where project_id = p.id and news_type = ${NEWS_TYPE.DYNAMIC} and ${isPublicArticle()}
      order by updated_at desc limit 1
    ) n on true`;

/** The list items of every project `where` (over `p`) accepts, in no order (the search index). */
export async function projectListItemsWhere(db: Db, where: SQL): Promise<ProjectListItem[]> {
  const rows = await selectRows<SearchRow>(
    db,
    sql`${itemSelect(sql`0`)}
    from projects p
    ${LATEST_NEWS}
    where ${where}
  `,
  );
  return rows.map(toItem);
}

/**
 * One page of published projects matching every filter, with the total in the same statement
 * (a window count over the filtered set, computed before LIMIT). Pages past the end are empty
 * and then answered with a separate count. `extra` narrows the set further (the map's visible
 * box). The public search answers from memory instead (`project-search-index.ts`); this is its
 * SQL twin, used by the map and when the read caches are off.
 */
export async function searchProjectRows(
  db: Db,
  query: ProjectSearchQuery,
  extra?: SQL,
): Promise<{ list: ProjectListItem[]; total: number }> {
  const where = extra ? sql`${searchConditions(query)} and ${extra}` : searchConditions(query);
  const offset = (query.pageNum - 1) * query.pageSize;
  const rows = await selectRows<SearchRow>(
    db,
    sql`
    with hits as (
      select p.id, count(*) over () as total
      from projects p
      join districts d on d.code = p.district_code
      left join companies c on c.id = p.company_id
      where ${where}
      order by ${ORDER_BY[query.sortType]}
      limit ${query.pageSize} offset ${offset}
    )
    ${itemSelect(sql`h.total`)}
    from hits h
    join projects p on p.id = h.id
    ${LATEST_NEWS}
    order by ${ORDER_BY[query.sortType]}
  `,
  );
  if (rows.length > 0) return { list: rows.map(toItem), total: Number(rows[0]?.total ?? 0) };
  if (offset === 0) return { list: [], total: 0 };
  const counted = await selectRows<{ total: string | number }>(
    db,
    sql`
    select count(*) as total from projects p
    join districts d on d.code = p.district_code
    left join companies c on c.id = p.company_id
    where ${where}
  `,
  );
  return { list: [], total: Number(counted[0]?.total ?? 0) };
}
