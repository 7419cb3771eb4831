import type { Db } from '../db/client';

/** The account being closed, as every owning module needs it to forget its part. */
export interface ClosingAccount {
  userId: number;
  /** The phone the account held (SMS codes are kept by phone), null for a WeChat-only account. */
  phone: string | null;
  now: Date;
}

/**
 * One owning module's part of closing an account (docs/product/accounts.md "注销账号"): it
 * deletes, or keeps de-identified, the rows of its own tables that belong to the account, inside
 * the closing transaction `tx`, and may return counts for the closing's audit entry.
 */
export type ForgetClosedAccount = (
  tx: Db,
  account: ClosingAccount,
) => Promise<Record<string, number> | undefined>;
