import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  chatConversations,
  chatMessages,
  listingReportPhotos,
  listingReports,
  secondHandListings,
  subscriptions,
  users,
} from '../../db/schema/index';
import { hashPassword } from '../auth/index';
import {
  api as apiOf,
  conversationBetween,
  listingOf,
  person as personOf,
  type Person,
} from '../chat/chat-test-helpers';
import { purgeClosedAccountRecords } from './closed-account-retention';

const PASSWORD = 'Close@2026';
let t: TestApp;
let operator: Person;

const api = (method: 'GET' | 'POST', url: string, who?: Person, payload?: object) =>
  apiOf(t, method, url, who, payload);
const close = (who: Person) => api('POST', '/api/users/me/close', who, { password: PASSWORD });

/** A citizen who can close the account with `PASSWORD`. */
async function citizen(phone: string, nickname: string): Promise<Person> {
  const who = await personOf(t, phone, nickname);
  await t.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, who.id));
  return who;
}

beforeAll(async () => {
  t = await createTestApp();
  operator = await personOf(t, '13766670009', '运营小李', 'admin');
});
afterAll(async () => t.dispose());

describe('closing an account keeps the evidence others need', () => {
  it('is refused while a report on its listing is open; afterwards the other party keeps the conversation', async () => {
    const seller = await citizen('13766670001', '可疑房东');
    const buyer = await citizen('13766670002', '受骗买家');
    const conversation = await conversationBetween(t, buyer, seller);
    const listing = (
      await t.database.db
        .select({ id: chatConversations.listingId })
        .from(chatConversations)
        .where(eq(chatConversations.id, conversation))
    )[0]?.id as number;
    const send = (who: Person, text: string) =>
      api('POST', `/api/chat/conversations/${conversation}/messages`, who, { text });
    expect((await send(buyer, '房子还在吗？')).statusCode).toBe(200);
    expect((await send(seller, '在，先转五千定金到我个人账户')).statusCode).toBe(200);
    const reported = await api('POST', `/api/listings/${listing}/reports`, buyer, {
      reason: 'fake',
      description: '要求私下转账',
    });
    expect(reported.statusCode, reported.body).toBe(200);

    const refused = await close(seller);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: '20012',
      message: '您发布的房源或参与的房聊有待平台处理的举报，请在处理完成后再注销账号',
    });
    // Still there, still signed in.
    expect((await api('GET', '/api/auth/me', seller)).statusCode).toBe(200);

    const decided = await api('POST', `/api/admin/listing-reports/${listing}/decision`, operator, {
      decision: 'correct',
      note: '请删除私下转账的要求',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const closed = await close(seller);
    expect(closed.statusCode, closed.body).toBe(200);

    // The buyer's copy of the conversation is intact, the seller shown as 已注销用户.
    const list = (await api('GET', '/api/chat/conversations', buyer)).json().data;
    const mine = list.find((c: { id: number }) => c.id === conversation);
    expect(mine.peer).toEqual({ id: seller.id, name: '已注销用户', avatar: null });
    expect(JSON.stringify(mine)).not.toContain('可疑房东');
    const messages = (
      await api('GET', `/api/chat/conversations/${conversation}/messages`, buyer)
    ).json().data;
    expect(JSON.stringify(messages)).toContain('房子还在吗？');
    expect(JSON.stringify(messages)).toContain('先转五千定金到我个人账户');
    const stored = await t.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversation));
    expect(stored).toHaveLength(2);
    // Nobody writes to a closed account.
    const late = await send(buyer, '人呢？');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('对方已注销账号，无法继续发送消息');

    // The report and its listing stay (withdrawn, no contact phone) as the case's record.
    const [report] = await t.database.db
      .select()
      .from(listingReports)
      .where(eq(listingReports.listingId, listing));
    expect(report).toMatchObject({ reporterId: buyer.id, status: 'correction' });
    const [kept] = await t.database.db
      .select()
      .from(secondHandListings)
      .where(eq(secondHandListings.id, listing));
    expect(kept).toMatchObject({ publishStatus: 5, userPhone: null });
    expect((await api('GET', `/api/listings/${listing}`)).statusCode).toBe(404);
    const history = (await api('GET', `/api/admin/listing-reports/${listing}`, operator)).json()
      .data;
    expect(history[0].reporterName).toBe('受骗买家');

    // Three years on, the record sweeper deletes what was kept; not a day earlier.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, seller.id));
    const closedAt = row?.closedAt as Date;
    const years = (n: number, days = 0) =>
      new Date(
        Date.UTC(
          closedAt.getUTCFullYear() + n,
          closedAt.getUTCMonth(),
          closedAt.getUTCDate() + days,
        ),
      );
    await purgeClosedAccountRecords(t.database.db, years(3, -1));
    expect(
      await t.database.db
        .select()
        .from(chatConversations)
        .where(eq(chatConversations.id, conversation)),
    ).toHaveLength(1);
    expect(await purgeClosedAccountRecords(t.database.db, years(3, 1))).toBeGreaterThan(0);
    expect(
      await t.database.db
        .select()
        .from(chatConversations)
        .where(eq(chatConversations.id, conversation)),
    ).toHaveLength(0);
    expect(
      await t.database.db
        .select()
        .from(secondHandListings)
        .where(eq(secondHandListings.id, listing)),
    ).toHaveLength(0);
  });

  it('is refused while a 房聊 report against the account is open; the reporter shows as 已注销用户 once closed', async () => {
    const harasser = await citizen('13766670011', '骚扰者');
    const victim = await citizen('13766670012', '被骚扰者');
    const conversation = await conversationBetween(t, harasser, victim);
    await api('POST', `/api/chat/conversations/${conversation}/messages`, harasser, {
      text: '不卖给我你试试',
    });
    const reported = await api('POST', `/api/chat/conversations/${conversation}/reports`, victim, {
      reason: 'harassment',
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const refused = await close(harasser);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('有待平台处理的举报');

    // The reporter may close: the report stays for the operators, its reporter de-identified.
    expect((await close(victim)).statusCode).toBe(200);
    const queue = (await api('GET', '/api/admin/chat/reports?status=open', operator)).json().data;
    const entry = queue.list.find(
      (r: { conversationId: number }) => r.conversationId === conversation,
    );
    expect(entry.reporter.name).toBe('已注销用户');
    expect(entry.reported.name).toBe('骚扰者');
    expect(JSON.stringify(entry)).not.toContain('被骚扰者');
  });

  it('deletes the subscriptions; /myData exported them and the reports made before', async () => {
    const owner = await personOf(t, '13766670021', '房东');
    const reader = await citizen('13766670022', '订阅者');
    const saved = await api('POST', '/api/subscriptions/searches', reader, {
      scope: 'secondhandhouse',
      query: 'district=130302&price=2',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const listing = await listingOf(t, owner, '订阅举报小区 两室一厅 南北通透');
    const reported = await api('POST', `/api/listings/${listing}/reports`, reader, {
      reason: 'price',
      description: '价格比实际低很多',
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const photoKey = `report/${reader.id}/${'b'.repeat(32)}.jpg`;
    await t.database.db
      .insert(listingReportPhotos)
      .values({ reportId: reported.json().data.id, path: photoKey, sort: 0 });

    const exported = (await api('GET', '/api/users/me/export', reader)).json().data;
    // The saved search as stored (its query normalised by the subscription rules).
    expect(exported.subscriptions).toEqual([
      expect.objectContaining({ topic: 'search', scope: 'secondhandhouse', projectId: null }),
    ]);
    expect(exported.subscriptions[0].query).toEqual(expect.any(String));
    expect(exported.reports.listings).toEqual([
      expect.objectContaining({
        listingId: listing,
        reason: 'price',
        description: '价格比实际低很多',
        status: 'open',
        photos: [photoKey],
      }),
    ]);
    expect(exported.reports.chats).toEqual([]);
    expect(JSON.stringify(exported)).not.toContain('userId":' + owner.id);

    expect((await close(reader)).statusCode).toBe(200);
    expect(
      await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, reader.id)),
    ).toHaveLength(0);
    // The report made before closing stays open for the operators.
    expect(
      await t.database.db
        .select()
        .from(listingReports)
        .where(and(eq(listingReports.reporterId, reader.id), eq(listingReports.status, 'open'))),
    ).toHaveLength(1);
  });
});
