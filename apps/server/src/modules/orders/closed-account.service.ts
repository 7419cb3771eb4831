import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema/index';
import type { ForgetClosedAccount } from '../../lib/closed-account';

/**
 * A closed account's phone on its kept orders: only the carrier prefix stays. Stronger than the
 * display mask of `@portal/shared/format` (which keeps the last four digits for the owner).
 */
function phonePrefixOnly(phone: string): string {
  return `${phone.slice(0, 3)}********`;
}

/**
 * Orders and their payment records stay (the law makes the platform keep them) with amounts,
 * flat, times and bank numbers, but the buyer's name, ID number and phone masked and the identity
 * hashes dropped.
 */
export const forgetOrdersOfClosedAccount: ForgetClosedAccount = async (tx, { userId }) => {
  const mine = await tx
    .select({ id: orders.id, idCard: orders.idCard, phone: orders.phone })
    .from(orders)
    .where(eq(orders.userId, userId));
  for (const order of mine) {
    await tx
      .update(orders)
      .set({
        realName: '已注销用户',
        idCard: `${order.idCard.slice(0, 6)}************`,
        phone: phonePrefixOnly(order.phone),
        realNameHash: null,
        identityHash: null,
      })
      .where(eq(orders.id, order.id));
  }
  return { orders: mine.length };
};
