import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { buildings, licences, orders, rooms, supervisionAccounts } from '../../db/schema/index';

/**
 * Who a deposit is paid to, in words: the pre-sale fund supervision account of the building the
 * order's flat is in (the developer's account at the supervising bank), never the platform, e.g.
 * `某某房地产开发有限公司预售资金监管账户（中国建设银行海港支行 6217…）`.
 */
export async function describePayee(db: Db, orderNo: string): Promise<string> {
  const [row] = await db
    .select({
      bank: licences.bank,
      account: licences.account,
      company: supervisionAccounts.company,
    })
    .from(orders)
    .innerJoin(rooms, eq(rooms.id, orders.roomId))
    .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
    .innerJoin(licences, eq(licences.id, buildings.licenceId))
    .leftJoin(
      supervisionAccounts,
      and(
        eq(supervisionAccounts.projectId, orders.projectId),
        eq(supervisionAccounts.account, licences.account),
      ),
    )
    .where(eq(orders.orderNo, orderNo))
    .limit(1);
  if (!row?.bank || !row.account) return '所购楼盘的预售资金监管账户';
  return `${row.company ?? ''}预售资金监管账户（${row.bank} ${row.account}）`;
}
