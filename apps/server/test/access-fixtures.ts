import { sql } from 'drizzle-orm';
import { createSession } from '../src/modules/auth/session.service';
import { givePrivacyConsent } from '../src/modules/legal/legal-test-helpers';
import { greenRoomIds, settleLiveOrders } from '../src/modules/orders/orders-test-helpers';
import { paidOrder } from '../src/modules/orders/payment-test-helpers';
import type { AccessContext, OwnerFixture } from './access-context';
import { LISTING_FIXTURES } from './access-fixtures-listings';
import { LOTTERY_FIXTURES } from './access-fixtures-lottery';

/**
 * Owner fixtures of the personal routes: for each guarded route (`METHOD pattern`), how its
 * owner — the demo buyer unless `as` says otherwise — calls it successfully, after setting up a
 * resource in the right state. Routes with a path parameter name the owner's own resource, which
 * the matrix then also offers to another citizen. GET routes without parameters need no entry.
 */

const DAY_MS = 86_400_000;

async function freshRoom(ctx: AccessContext): Promise<number> {
  // The buyer books flat after flat: one live order per identity, so earlier ones are closed.
  await settleLiveOrders(ctx.t.database.db, ctx.userIds.buyer);
  const used = await ctx.rows<{ id: number }>(sql`select room_id as id from orders`);
  const taken = new Set(used.map((row) => row.id));
  const candidates = await greenRoomIds(ctx.t.database.db, 200);
  const room = candidates.find((id) => !taken.has(id));
  if (!room) throw new Error('access fixture: no green room left');
  return room;
}

/** An order of the buyer created through the API: awaiting payment, room locked. */
async function unpaidOrder(ctx: AccessContext): Promise<number> {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { authorization: `Bearer ${ctx.tokens.buyer}` },
    payload: { houseId: await freshRoom(ctx), agreed: true },
  });
  if (res.statusCode !== 200) throw new Error(`access fixture: order ${res.body}`);
  return res.json().data.id;
}

/** A paid order of the buyer; `daysAgo` sets how far into its 7-day lock it is. */
export async function buyerPaidOrder(ctx: AccessContext, daysAgo = 0): Promise<number> {
  const paidAt = new Date(Date.now() - daysAgo * DAY_MS);
  return paidOrder(ctx.t.database.db, ctx.userIds.buyer, await freshRoom(ctx), paidAt);
}

async function smsCode(ctx: AccessContext, phone: string, purpose: string): Promise<string> {
  await ctx.rows(
    sql`update sms_codes set created_at = created_at - interval '2 minutes' where phone = ${phone}`,
  );
  const sent = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/auth/sms-codes',
    payload: { phone, purpose },
  });
  if (sent.statusCode !== 200) throw new Error(`access fixture: sms ${sent.body}`);
  const outbox = await ctx.t.app.inject({ method: 'GET', url: `/api/dev/sms?phone=${phone}` });
  return outbox.json().data[0].code;
}

export const PERSONAL_FIXTURES: Record<string, OwnerFixture> = {
  'GET /api/orders/preview': async (ctx) => ({
    url: `/api/orders/preview?houseId=${await freshRoom(ctx)}`,
  }),
  'GET /api/orders/:id': async (ctx) => ({ url: `/api/orders/${await buyerPaidOrder(ctx)}` }),
  'GET /api/orders/:id/pay-status': async (ctx) => ({
    url: `/api/orders/${await buyerPaidOrder(ctx)}/pay-status`,
  }),
  'GET /api/orders/:id/precheck': async (ctx) => ({
    url: `/api/orders/${await unpaidOrder(ctx)}/precheck`,
  }),
  'POST /api/orders': async (ctx) => ({
    url: '/api/orders',
    payload: { houseId: await freshRoom(ctx), agreed: true },
  }),
  'POST /api/orders/:id/pay': async (ctx) => ({ url: `/api/orders/${await unpaidOrder(ctx)}/pay` }),
  'POST /api/orders/:id/cancel': async (ctx) => ({
    url: `/api/orders/${await unpaidOrder(ctx)}/cancel`,
    payload: { cancelReason: '不想要了' },
  }),
  'POST /api/orders/:id/delay': async (ctx) => ({
    url: `/api/orders/${await buyerPaidOrder(ctx, 6.5)}/delay`,
    payload: { reason: '贷款审批需要时间' },
  }),
  'POST /api/orders/:id/delay/give-up': async (ctx) => ({
    url: `/api/orders/${await buyerPaidOrder(ctx, 6.5)}/delay/give-up`,
    payload: {},
  }),
  'POST /api/orders/:id/refund': async (ctx) => ({
    url: `/api/orders/${await buyerPaidOrder(ctx)}/refund`,
    payload: { refundIntention: 1, remark: '改变购房计划' },
  }),
  'GET /api/feedback/:id': async (ctx) => ({
    url: `/api/feedback/${await ctx.one<number>(sql`select id from feedback where user_id = ${ctx.userIds.buyer} order by id limit 1`)}`,
  }),
  'POST /api/feedback': async (ctx) => {
    const auth = { authorization: `Bearer ${ctx.tokens.buyer}` };
    const issued = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/feedback/captcha',
      headers: auth,
    });
    const { captchaId } = issued.json().data;
    const digits = await ctx.t.app.inject({ method: 'GET', url: `/api/dev/captcha/${captchaId}` });
    const payload = {
      realname: '李思远',
      phone: '13800000001',
      title: '楼盘信息咨询',
      content: '<p>请问预售许可证何时更新？</p>',
      captchaId,
      num: digits.json().data.code,
    };
    return { url: '/api/feedback', payload };
  },
  'POST /api/notices/:id/read': async (ctx) => ({
    url: `/api/notices/${await ctx.one<number>(sql`select id from notices where user_id = ${ctx.userIds.buyer} order by id limit 1`)}/read`,
  }),
  'POST /api/notices/read-all': async () => ({ url: '/api/notices/read-all' }),
  'GET /api/subscriptions/project-topics': async (ctx) => ({
    url: `/api/subscriptions/project-topics?projectId=${await ctx.one<number>(
      sql`select id from projects where publish_status = 3 order by id limit 1`,
    )}`,
  }),
  'PUT /api/subscriptions/project-topics': async (ctx) => ({
    url: '/api/subscriptions/project-topics',
    payload: {
      projectId: await ctx.one<number>(
        sql`select id from projects where publish_status = 3 order by id limit 1`,
      ),
      topics: ['price', 'opening'],
    },
  }),
  'POST /api/subscriptions/searches': async () => ({
    url: '/api/subscriptions/searches',
    payload: { scope: 'secondhandhouse', query: 'type=1&areaCode=HGQ' },
  }),
  'DELETE /api/subscriptions/:id': async (ctx) => ({
    url: `/api/subscriptions/${await ctx.one<number>(
      sql`insert into subscriptions (user_id, topic, scope, query)
        values (${ctx.userIds.buyer}, 'search', 'newHouse', ${`keyword=${Date.now()}`}) returning id`,
    )}`,
  }),
  'POST /api/history': async (ctx) => ({
    url: '/api/history',
    payload: {
      businessType: 'PROJECT',
      businessId: await ctx.one<number>(
        sql`select id from projects where publish_status = 3 order by id limit 1`,
      ),
    },
  }),
  'DELETE /api/history': async () => ({ url: '/api/history' }),
  'POST /api/favourites/toggle': async (ctx) => ({
    url: '/api/favourites/toggle',
    payload: {
      businessType: 'PROJECT',
      businessId: await ctx.one<number>(sql`select id from projects order by id limit 1`),
      collected: true,
    },
  }),
  'PUT /api/recommend/demand': async () => ({
    url: '/api/recommend/demand',
    payload: {
      districtCode: 'HGQ',
      bedroom: 3,
      hall: 2,
      priceMin: 8000,
      priceMax: 20000,
      areaMin: 80,
      areaMax: 140,
    },
  }),
  'PUT /api/users/me/care-mode': async () => ({
    url: '/api/users/me/care-mode',
    payload: { isOn: true },
  }),
  'PUT /api/users/me': async () => ({
    url: '/api/users/me',
    payload: { nickName: '李思远同学', gender: 1, birthday: '1990-03-15', remark: '看房中' },
  }),
  'POST /api/users/me/avatar': async (ctx) => ({
    url: '/api/users/me/avatar',
    file: { name: 'me.png', type: 'image/png', bytes: ctx.png },
  }),
  'POST /api/users/me/realname-qr': async (ctx) => {
    // The unverified citizen gives the separate privacy consent first, as the dialog asks.
    await givePrivacyConsent(ctx.t.database.db, ctx.userIds.other);
    return { url: '/api/users/me/realname-qr', as: 'other' };
  },
  'POST /api/legal/me/acceptances': async (ctx) => ({
    url: '/api/legal/me/acceptances',
    payload: {
      kind: 'agreement',
      version: await ctx.one<number>(
        sql`select max(version) from legal_documents where kind = 'agreement'`,
      ),
    },
  }),
  // Last of all (see SESSION_ENDING): the spare citizen, signed in again after the sign-out
  // above, closes the account with the password it changed to.
  'POST /api/users/me/close': async (ctx) => {
    ctx.tokens.spare = await createSession(ctx.t.database.db, ctx.userIds.spare, {
      remember: false,
    });
    return { url: '/api/users/me/close', as: 'spare', payload: { password: 'Spare@2027' } };
  },
  'POST /api/auth/password': async (ctx) => ({
    url: '/api/auth/password',
    as: 'spare',
    payload: {
      phone: '13700007001',
      code: await smsCode(ctx, '13700007001', 'CHANGE_PWD'),
      newPwd: 'Spare@2027',
    },
  }),
  'POST /api/auth/phone/verify-old': async (ctx) => ({
    url: '/api/auth/phone/verify-old',
    as: 'spare',
    payload: { phone: '13700007001', code: await smsCode(ctx, '13700007001', 'VALIDATE_PHONE') },
  }),
  'POST /api/auth/phone/change': async (ctx) => ({
    url: '/api/auth/phone/change',
    as: 'spare',
    payload: { phone: '13700007002', code: await smsCode(ctx, '13700007002', 'CHANGE_PHONE') },
  }),
  'POST /api/auth/logout': async () => ({ url: '/api/auth/logout', as: 'spare' }),
  ...LISTING_FIXTURES,
  ...LOTTERY_FIXTURES,
};
