import { PROJECT_STATUS, ROOM_SALE_STATUS } from '@portal/shared/status';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/sql-rows';
import { words } from '../../db/status-literal';
import { projectListItemsWhere } from './project-search.queries';

/**
 * The reads of the in-process project search index (`project-search-index.ts`): the published
 * projects with their list items (one statement), their search facts and map positions (one),
 * house models (one) and rooms for sale (one, narrow).
 */
export async function selectProjectIndexRows(db: Db) {
  const published = sql`p.publish_status = ${PROJECT_STATUS.PUBLISHED}`;
  const [items, facts, models, rooms] = await Promise.all([
    projectListItemsWhere(db, published),
    selectRows<{
      id: number;
      publish_name: string;
      district_code: string;
      district_name: string;
      lng: number | string;
      lat: number | string;
      platform_price: number;
      published_micros: number | string | null;
      collect_number: number;
      properties: number[] | null;
      tradein: boolean;
      haystack: string;
      bigrams: string | null;
    }>(
      db,
      sql`
      select p.id, p.publish_name, p.district_code, d.name as district_name, p.lng, p.lat,
        p.platform_price,
        (extract(epoch from p.published_at) * 1000000)::float8 as published_micros,
        p.collect_number, p.properties, p.tradein, p.search_bigrams::text as bigrams,
        p.publish_name || ' ' || p.project_name || ' ' || p.project_address || ' ' || d.name || ' ' || coalesce(c.name, '') as haystack
      from projects p
      join districts d on d.code = p.district_code
      left join companies c on c.id = p.company_id
      where ${published}
    `,
    ),
    selectRows<{ project_id: number; area: number | string; bedroom: number }>(
      db,
      sql`
      select m.project_id, m.area, m.bedroom from house_models m
      join projects p on p.id = m.project_id
      where ${published}
    `,
    ),
    selectRows<{
      project_id: number;
      total_price: number;
      orientation: string | null;
      bedroom: number | null;
    }>(
      db,
      sql`
      select r.project_id, r.total_price, r.orientation, m.bedroom
      from rooms r
      join projects p on p.id = r.project_id
      left join house_models m on m.id = r.house_model_id
      where ${published} and r.sale_status = ${words(ROOM_SALE_STATUS.AVAILABLE)}
    `,
    ),
  ]);
  return { items, facts, models, rooms };
}
