import { CHAT_KIND } from '@portal/shared/constants/chat';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatChannels } from '../../db/schema/index';

/** The account that speaks for the operators' service channel, if it was created yet. */
export async function findServiceAccount(db: Db): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: chatChannels.userId })
    .from(chatChannels)
    .where(eq(chatChannels.code, CHAT_KIND.SERVICE));
  return row?.userId;
}
