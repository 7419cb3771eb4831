import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { createSession } from '../auth/index';
import { users } from '../auth/tables';

/** A bearer header for the seeded user with this phone (tests of personal endpoints). */
export async function bearerFor(db: Db, phone: string): Promise<{ authorization: string }> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  if (!user) throw new Error(`no seeded user ${phone}`);
  const token = await createSession(db, user.id, { remember: false });
  return { authorization: `Bearer ${token}` };
}
