import { sql } from 'drizzle-orm';
import { demoVerificationForm, saleForm } from '../src/modules/listings/listings-test-helpers';
import { type AccessContext, multipartBody, type OwnerFixture } from './access-context';

/**
 * Owner fixtures of the second-hand and 房聊 routes (see access-fixtures.ts): the demo buyer's
 * listings, uploads, reports and conversations.
 */

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

/** A question another citizen asked on the buyer's published sale listing (the buyer answers). */
async function questionToBuyer(ctx: AccessContext): Promise<number> {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/questions',
    headers: { authorization: `Bearer ${ctx.tokens.other}` },
    payload: {
      targetType: 'listing',
      targetId: await buyerListing(ctx, 1, 3),
      body: '可以周末看房吗？',
    },
  });
  if (res.statusCode !== 200) throw new Error(`access fixture: question ${res.body}`);
  return res.json().data.id;
}

export const LISTING_FIXTURES: Record<string, OwnerFixture> = {
  'POST /api/questions': async (ctx) => ({
    url: '/api/questions',
    payload: {
      targetType: 'listing',
      targetId: await buyerListing(ctx, 1, 3),
      body: '物业费每月多少？',
    },
  }),
  'POST /api/questions/:id/answer': async (ctx) => ({
    url: `/api/questions/${await questionToBuyer(ctx)}/answer`,
    payload: { answer: '周末都可以' },
  }),
  'POST /api/questions/report': async (ctx) => ({
    url: '/api/questions/report',
    payload: { id: await questionToBuyer(ctx) },
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
    // A title that promises no 朝向: some seeded titles contradict theirs, which an edit refuses.
    const payload = {
      ...form,
      title:
        `${form.title as string}`.replace(/南北通透|南北向|东西通透|南向|朝南/g, '') || '业主自住',
      secondHouse,
      secondCertificate,
      secondIdCard,
      secondLicense,
    };
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
  // A rental draft: the same run publishes sale listings, which delete the owner's sale draft.
  'PUT /api/listings/draft': async (ctx) => ({
    url: '/api/listings/draft?type=2',
    payload: {
      values: { communityName: '海港花园' },
      secondHouse: [{ path: await uploadPath(ctx, 'house'), name: '客厅.jpg' }],
    },
    namesOwnResources: true,
  }),
  'DELETE /api/listings/draft': async () => ({ url: '/api/listings/draft?type=1' }),
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
};
