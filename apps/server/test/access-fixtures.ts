import { sql } from 'drizzle-orm';
import { demoVerificationForm, saleForm } from '../src/modules/listings/listings-test-helpers';
import { greenRoomIds } from '../src/modules/orders/orders-test-helpers';
import { paidOrder } from '../src/modules/orders/payment-test-helpers';
import { type AccessContext, multipartBody, type OwnerFixture } from './access-context';

/**
 * Owner fixtures of the personal routes: for each guarded route (`METHOD pattern`), how its
 * owner — the demo buyer unless `as` says otherwise — calls it successfully, after setting up a
 * resource in the right state. Routes with a path parameter name the owner's own resource, which
 * the matrix then also offers to another citizen. GET routes without parameters need no entry.
 */

const DAY_MS = 86_400_000;

async function freshRoom(ctx: AccessContext): Promise<number> {
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

/**
 * The buyer's seeded listing of a type (1 sale, 2 rental) and status: the seed gives the buyer
 * one of each combination the fixtures use, so each fixture has a listing of its own.
 */
async function buyerListing(ctx: AccessContext, type: number, status: number): Promise<number> {
  return ctx.one<number>(
    sql`select id from second_hand_listings where user_id = ${ctx.userIds.buyer} and type = ${type} and publish_status = ${status} order by id limit 1`,
  );
}

async function uploadPath(ctx: AccessContext, kind: string): Promise<string> {
  const body = multipartBody({ name: 'p.jpg', type: 'image/jpeg', bytes: ctx.jpeg });
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: `/api/listings/uploads?kind=${kind}`,
    headers: { authorization: `Bearer ${ctx.tokens.buyer}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`access fixture: upload ${res.body}`);
  return res.json().data.path;
}

/** A valid sale form of the buyer's around a fresh verification and uploads. */
async function buyerSaleForm(ctx: AccessContext) {
  const check = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/listings/verifications',
    headers: { authorization: `Bearer ${ctx.tokens.buyer}` },
    payload: demoVerificationForm(),
  });
  const pictures = {
    house: [await uploadPath(ctx, 'house')],
    certificate: [await uploadPath(ctx, 'certificate')],
    idcard: [await uploadPath(ctx, 'idcard')],
  };
  const tagIds = await ctx.rows<{ id: number }>(sql`select id from tags where tag_type = 6`);
  return saleForm(
    check.json().data.id,
    pictures,
    tagIds.map((tag) => tag.id),
  );
}

/** A new listing of the buyer's saved through the API, then put into `status`. */
async function freshBuyerListing(ctx: AccessContext, status: number): Promise<number> {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/listings',
    headers: { authorization: `Bearer ${ctx.tokens.buyer}` },
    payload: await buyerSaleForm(ctx),
  });
  const id = res.json().data.id as number;
  await ctx.rows(sql`update second_hand_listings set publish_status = ${status} where id = ${id}`);
  return id;
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

/** The buyer's conversation with the operators' service channel. */
async function buyerConversation(ctx: AccessContext): Promise<number> {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/chat/conversations',
    headers: { authorization: `Bearer ${ctx.tokens.buyer}` },
    payload: { channel: 'service' },
  });
  return res.json().data.id;
}

/** The buyer's conversation about a published listing of a third citizen (block, report). */
async function buyerListingConversation(ctx: AccessContext): Promise<number> {
  const listingId = await ctx.one<number>(
    sql`select id from second_hand_listings where publish_status = 3 and user_id not in (${ctx.userIds.buyer}, ${ctx.userIds.other}) order by id limit 1`,
  );
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/chat/conversations',
    headers: { authorization: `Bearer ${ctx.tokens.buyer}` },
    payload: { listingId },
  });
  return res.json().data.id;
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
  'GET /api/listings/mine/:id': async (ctx) => ({
    url: `/api/listings/mine/${await buyerListing(ctx, 2, 3)}`,
  }),
  'POST /api/listings/:id/audit': async (ctx) => ({
    url: `/api/listings/${await buyerListing(ctx, 1, 2)}/audit`,
    payload: { operation: 4 },
  }),
  'PUT /api/listings/:id': async (ctx) => {
    const id = await buyerListing(ctx, 2, 4);
    const res = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/listings/mine/${id}`,
      headers: { authorization: `Bearer ${ctx.tokens.buyer}` },
    });
    const { form, secondHouse, secondCertificate, secondIdCard, secondLicense } = res.json().data;
    const payload = { ...form, secondHouse, secondCertificate, secondIdCard, secondLicense };
    return { url: `/api/listings/${id}`, payload };
  },
  'DELETE /api/listings/:id': async (ctx) => {
    const id = await buyerListing(ctx, 1, 3);
    await ctx.rows(sql`update second_hand_listings set publish_status = 4 where id = ${id}`);
    return { url: `/api/listings/${id}` };
  },
  'POST /api/listings/:id/confirm': async (ctx) => ({
    url: `/api/listings/${await freshBuyerListing(ctx, 3)}/confirm`,
  }),
  'POST /api/listings/:id/price': async (ctx) => ({
    url: `/api/listings/${await freshBuyerListing(ctx, 3)}/price`,
    payload: { price: 999_000 },
  }),
  'POST /api/listings/:id/close': async (ctx) => ({
    url: `/api/listings/${await freshBuyerListing(ctx, 3)}/close`,
  }),
  // Another citizen reports the buyer's published listing; the buyer may not report their own.
  'POST /api/listings/:id/reports': async (ctx) => ({
    url: `/api/listings/${await freshBuyerListing(ctx, 3)}/reports`,
    payload: { reason: 'price', description: '电话报价与挂牌价不符' },
    as: 'other',
  }),
  'POST /api/listings/report-photos': async (ctx) => ({
    url: '/api/listings/report-photos',
    file: { name: 'evidence.jpg', type: 'image/jpeg', bytes: ctx.jpeg },
  }),
  'POST /api/listings/verifications': async () => ({
    url: '/api/listings/verifications',
    payload: demoVerificationForm(),
  }),
  'POST /api/listings/uploads': async (ctx) => ({
    url: '/api/listings/uploads?kind=house',
    file: { name: 'house.jpg', type: 'image/jpeg', bytes: ctx.jpeg },
  }),
  'POST /api/listings/picture-links': async (ctx) => ({
    url: '/api/listings/picture-links',
    payload: { pictures: [{ kind: 'certificate', path: await uploadPath(ctx, 'certificate') }] },
    namesOwnResources: true,
  }),
  'POST /api/listings': async (ctx) => ({
    url: '/api/listings',
    payload: await buyerSaleForm(ctx),
    namesOwnResources: true,
  }),
  'GET /api/chat/conversations/:id': async (ctx) => ({
    url: `/api/chat/conversations/${await buyerConversation(ctx)}`,
  }),
  'GET /api/chat/conversations/:id/messages': async (ctx) => ({
    url: `/api/chat/conversations/${await buyerConversation(ctx)}/messages`,
  }),
  'POST /api/chat/conversations': async () => ({
    url: '/api/chat/conversations',
    payload: { channel: 'service' },
  }),
  'POST /api/chat/conversations/:id/block': async (ctx) => ({
    url: `/api/chat/conversations/${await buyerListingConversation(ctx)}/block`,
  }),
  'DELETE /api/chat/conversations/:id/block': async (ctx) => ({
    url: `/api/chat/conversations/${await buyerListingConversation(ctx)}/block`,
  }),
  'POST /api/chat/conversations/:id/reports': async (ctx) => ({
    url: `/api/chat/conversations/${await buyerListingConversation(ctx)}/reports`,
    payload: { reason: 'advert', description: '反复发送广告' },
  }),
  'POST /api/chat/conversations/:id/messages': async (ctx) => ({
    url: `/api/chat/conversations/${await buyerConversation(ctx)}/messages`,
    payload: { text: '您好，请问还有房吗' },
  }),
  'POST /api/chat/conversations/:id/images': async (ctx) => ({
    url: `/api/chat/conversations/${await buyerConversation(ctx)}/images`,
    file: { name: 'room.jpg', type: 'image/jpeg', bytes: ctx.jpeg },
  }),
  'POST /api/chat/conversations/:id/read': async (ctx) => ({
    url: `/api/chat/conversations/${await buyerConversation(ctx)}/read`,
    payload: {},
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
  'PUT /api/users/me': async () => ({
    url: '/api/users/me',
    payload: { nickName: '李思远同学', gender: 1, birthday: '1990-03-15', remark: '看房中' },
  }),
  'POST /api/users/me/avatar': async (ctx) => ({
    url: '/api/users/me/avatar',
    file: { name: 'me.png', type: 'image/png', bytes: ctx.png },
  }),
  'POST /api/users/me/realname-qr': async () => ({ url: '/api/users/me/realname-qr', as: 'other' }),
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
};
