import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsCodes } from '../../db/schema/index';

export interface OutboxEntry {
  phone: string;
  code: string;
  purpose: string;
  createdAt: string;
}

/** Codes sent to one phone (or to every phone when none is given), newest first. */
export async function listOutbox(
  db: Db,
  phone: string | undefined,
  limit = 50,
): Promise<OutboxEntry[]> {
  const rows = await db
    .select({
      phone: smsCodes.phone,
      code: smsCodes.code,
      purpose: smsCodes.purpose,
      createdAt: smsCodes.createdAt,
    })
    .from(smsCodes)
    .where(phone ? eq(smsCodes.phone, phone) : undefined)
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
