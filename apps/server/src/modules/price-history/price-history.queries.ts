import { LISTING_TYPE } from '@portal/shared/constants/listings';
import { priceChangePercent } from '@portal/shared/domain/price-history';
import type { PriceHistory, PriceSubjectKind } from '@portal/shared/schemas/price-history';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/sql-rows';
import { AppError } from '../../lib/app-error';
import { isPublicListing } from '../listings/tables';
import { isPublicProject } from '../projects/tables';

interface Subject {
  current: number;
  since: Date;
  unit: PriceHistory['unit'];
}

/** The public subject's current price and start: only what the public pages show has a history. */
const SUBJECTS: Record<PriceSubjectKind, { statement: (id: number) => SQL; missing: string }> = {
  project: {
    statement: (id) => sql`
      select platform_price as current, coalesce(published_at, created_at) as since,
        'yuanPerSquareMetre' as unit
      from projects where id = ${id} and ${isPublicProject()}`,
    missing: '楼盘不存在',
  },
  room: {
    statement: (id) => sql`
      select r.current_price as current,
        coalesce(projects.published_at, projects.created_at) as since, 'yuanPerSquareMetre' as unit
      from rooms r join projects on projects.id = r.project_id
      where r.id = ${id} and ${isPublicProject()}`,
    missing: '房间不存在',
  },
  listing: {
    statement: (id) => sql`
      select price as current, coalesce(publish_time, created_at) as since,
        case when type = ${LISTING_TYPE.SALE} then 'yuan' else 'yuanPerMonth' end as unit
      from second_hand_listings where id = ${id} and ${isPublicListing()}`,
    missing: '房源不存在',
  },
};

/**
 * A public subject's price history, oldest change first (404 when it is not public). Prices in
 * the subject's unit: 元/㎡ for projects and rooms, 元 for a sale, 元/月 for a rent.
 */
export async function selectPriceHistory(
  db: Db,
  kind: PriceSubjectKind,
  id: number,
): Promise<PriceHistory> {
  const [subject] = await selectRows<Subject>(db, SUBJECTS[kind].statement(id));
  if (!subject) throw new AppError('NOT_FOUND', SUBJECTS[kind].missing);
  const changes = await selectRows<{ changed_at: Date; old_price: number; new_price: number }>(
    db,
    sql`select changed_at, old_price, new_price from price_changes
      where subject_kind = ${kind} and subject_id = ${id}
      order by changed_at, id`,
  );
  return {
    kind,
    id,
    unit: subject.unit,
    currentPrice: Number(subject.current),
    since: new Date(subject.since).toISOString(),
    changes: changes.map((row) => ({
      changedAt: new Date(row.changed_at).toISOString(),
      oldPrice: row.old_price,
      newPrice: row.new_price,
      changePercent: priceChangePercent(row.old_price, row.new_price),
    })),
  };
}
