import type { CityCounts } from '@portal/shared/schemas/health';
import type { Db } from '../../db/client';
import { users } from '../auth/tables';
import { buildings, rooms } from '../building-table/tables';
import { secondHandListings } from '../listings/tables';
import { news } from '../news/tables';
import { projects } from '../projects/tables';

/** Row counts of the main tables of the seeded city. */
export async function countCityRecords(db: Db): Promise<CityCounts> {
  const [p, b, r, n, l, u] = await Promise.all([
    db.$count(projects),
    db.$count(buildings),
    db.$count(rooms),
    db.$count(news),
    db.$count(secondHandListings),
    db.$count(users),
  ]);
  return { projects: p, buildings: b, rooms: r, news: n, listings: l, users: u };
}
