import { eq } from 'drizzle-orm';
import { listingVerifications } from '../../db/schema/index';
import type { ForgetClosedAccount } from '../../lib/closed-account';
import { retireListingsOfClosedAccount } from './closed-account-listings';

/**
 * The account's listings: reported ones are kept, withdrawn, for the retention period; the others
 * are deleted, and every check code is revoked. Its 房源核验 requests go.
 */
export const forgetListingsOfClosedAccount: ForgetClosedAccount = async (tx, { userId, now }) => {
  const keptListings = await retireListingsOfClosedAccount(tx, userId, now);
  await tx.delete(listingVerifications).where(eq(listingVerifications.userId, userId));
  return { keptListings };
};
