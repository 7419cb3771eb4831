import type { PriceSource } from '@portal/shared/schemas/price-history';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Names who makes the price changes of the current transaction, and optionally when (the seed's
 * back-dated changes), for the database's `record_price_change()` trigger function, which writes
 * every change of a project's 平台价, a room's unit price or a listing's price to
 * `price_changes` (docs/decisions/0037-price-history.md). Call it with the transaction's handle
 * before the update: the settings are transaction-local and end with it. A change made without
 * it is still recorded, as `database`, now.
 */
export async function markPriceChange(db: Db, source: PriceSource, at?: Date): Promise<void> {
  await db.execute(
    sql`select set_config('portal.price_source', ${source}, true),
      set_config('portal.price_changed_at', ${at ? at.toISOString() : ''}, true)`,
  );
}
