import { CHAT_KIND, CHAT_SERVICE_NAME } from '@portal/shared/constants/chat';
import type { Db } from '../../db/client';
import { chatChannels } from '../../db/schema/index';
import { createSpeakingAccount } from '../auth/index';
import { findServiceAccount } from './chat-service-account.queries';

/** Thrown inside the creating transaction when another instance created the account first. */
class ChannelTaken extends Error {}

const known = new WeakMap<Db, number>();

/**
 * The user id that speaks for the operators' service channel (平台客服), created on first use:
 * an account nobody can sign in to (no phone, no password, no WeChat, disabled), whose
 * conversations operators answer from the console. Creating it is safe when several instances
 * race: the channel row is unique, and the loser's transaction is rolled back.
 */
export async function serviceAccountId(db: Db): Promise<number> {
  const cached = known.get(db);
  if (cached !== undefined) return cached;
  let id = await findServiceAccount(db);
  if (id === undefined) {
    try {
      id = await db.transaction(async (tx) => {
        const userId = await createSpeakingAccount(tx, CHAT_SERVICE_NAME);
        const [channel] = await tx
          .insert(chatChannels)
          .values({ code: CHAT_KIND.SERVICE, userId })
          .onConflictDoNothing()
          .returning({ userId: chatChannels.userId });
        if (!channel) throw new ChannelTaken();
        return channel.userId;
      });
    } catch (error) {
      if (!(error instanceof ChannelTaken)) throw error;
      id = await findServiceAccount(db);
    }
  }
  if (id === undefined) throw new Error('service channel account missing');
  known.set(db, id);
  return id;
}
