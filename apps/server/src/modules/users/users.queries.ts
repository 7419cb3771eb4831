import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../auth/tables';

/** Whether the account uses 长辈版 (docs/product/accessibility.md); false for an unknown id. */
export async function readCareMode(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ careMode: users.careMode })
    .from(users)
    .where(eq(users.id, userId));
  return row?.careMode ?? false;
}
