import { adminProjectFactsSchema } from '@portal/shared/schemas/projects/admin';
import { sql } from 'drizzle-orm';
import { createUser } from '../src/modules/auth/auth-test-helpers';
import type { AccessContext, OwnerFixture } from './access-context';
import { buyerPaidOrder } from './access-fixtures';
import { LOTTERY_ADMIN_FIXTURES } from './access-fixtures-lottery';

/**
 * Owner fixtures of the operator console (`/api/admin/*`, guarded by modules/admin/admin-guard):
 * how an operator calls each route successfully. Every citizen, whatever the route, gets 403.
 */

async function adminGet(ctx: AccessContext, url: string) {
  const res = await ctx.t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${ctx.tokens.operator}` },
  });
  return res.json().data;
}

const firstId = (ctx: AccessContext, table: string, where = 'true') =>
  ctx.one<number>(sql.raw(`select id from ${table} where ${where} order by id limit 1`));

/** A pending-review listing of someone other than the demo buyer. */
const pendingListing = (ctx: AccessContext) =>
  firstId(ctx, 'second_hand_listings', `publish_status = 2 and user_id <> ${ctx.userIds.buyer}`);

/** A listing of someone other than the demo buyer with open reports (the seed reports a few). */
const reportedListing = (ctx: AccessContext) =>
  ctx.one<number>(
    sql`select listing_id as id from listing_reports where status = 'open' order by id limit 1`,
  );

/** An open report of a 房聊 conversation: the buyer reports one about a third citizen's listing. */
async function chatReport(ctx: AccessContext): Promise<number> {
  const open = await ctx.rows<{ id: number }>(
    sql`select id from chat_reports where status = 'open' order by id limit 1`,
  );
  if (open[0]) return open[0].id;
  const listingId = await firstId(
    ctx,
    'second_hand_listings',
    `publish_status = 3 and user_id not in (${ctx.userIds.buyer}, ${ctx.userIds.other})`,
  );
  const auth = { authorization: `Bearer ${ctx.tokens.other}` };
  const started = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/chat/conversations',
    headers: auth,
    payload: { listingId },
  });
  const id = started.json().data.id as number;
  const reported = await ctx.t.app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${id}/reports`,
    headers: auth,
    payload: { reason: 'harassment' },
  });
  return reported.json().data.id;
}

/** The buyer's conversation with the service channel, as the operators answer it. */
async function serviceConversation(ctx: AccessContext): Promise<number> {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/chat/conversations',
    headers: { authorization: `Bearer ${ctx.tokens.buyer}` },
    payload: { channel: 'service' },
  });
  return res.json().data.id;
}

/**
 * An order of the buyer waiting for its refund (applied through the API), whose trade the bank
 * simulator holds as paid, so that the refund can go back through it.
 */
async function refundingOrder(ctx: AccessContext): Promise<number> {
  const id = await buyerPaidOrder(ctx);
  await ctx.rows(
    sql`update bank_sim_trades set status = 'paid' where out_trade_no in (select out_trade_no from payments where order_id = ${id})`,
  );
  await ctx.t.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/refund`,
    headers: { authorization: `Bearer ${ctx.tokens.buyer}` },
    payload: { refundIntention: 1, remark: '改变购房计划' },
  });
  return id;
}

async function draftNews(ctx: AccessContext, publish: boolean): Promise<number> {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/admin/news',
    headers: { authorization: `Bearer ${ctx.tokens.operator}` },
    payload: { newsType: 2, title: '访问控制测试资讯', content: '<p>正文</p>', publish },
  });
  return res.json().data.id;
}

async function projectFacts(ctx: AccessContext, id: number) {
  const detail = await adminGet(ctx, `/api/admin/projects/${id}`);
  const tagIds = (detail.tags as { id: number }[]).map((tag) => tag.id);
  return adminProjectFactsSchema.parse({ ...detail, tagIds });
}

const licence = {
  licenceNo: '秦房预售字第2026999号',
  buildingNames: '1#',
  issueDate: '2026-05-01',
  scope: '1#楼',
};

async function throwawayUser(ctx: AccessContext, phone: string): Promise<number> {
  return createUser(ctx.t.database.db, phone);
}

export const ADMIN_FIXTURES: Record<string, OwnerFixture> = {
  'POST /api/admin/rooms/facts': async (ctx) => ({
    url: '/api/admin/rooms/facts',
    payload: { roomIds: [await firstId(ctx, 'rooms', "house_purpose = '住宅'")], orientation: '2' },
  }),
  'POST /api/admin/pois/import': async () => ({
    url: '/api/admin/pois/import',
    payload: {
      format: 'geojson',
      text: JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [119.6, 39.93] },
            properties: { category: 'bank', name: '矩阵测试银行' },
          },
        ],
      }),
    },
  }),
  'GET /api/admin/house-models': async (ctx) => ({
    url: `/api/admin/house-models?projectId=${await ctx.one<number>(sql`select project_id as id from house_models order by id limit 1`)}`,
  }),
  'DELETE /api/admin/pois/:id': async (ctx) => ({
    url: `/api/admin/pois/${await firstId(ctx, 'pois', "source = 'seed'")}`,
  }),
  'POST /api/admin/questions/:id/hide': async (ctx) => ({
    url: `/api/admin/questions/${await firstId(ctx, 'questions', 'not is_hidden')}/hide`,
    payload: { reason: '含有广告信息' },
  }),
  'POST /api/admin/questions/:id/restore': async (ctx) => {
    const id = await firstId(ctx, 'questions');
    await ctx.rows(sql`update questions set is_hidden = true where id = ${id}`);
    return { url: `/api/admin/questions/${id}/restore`, payload: { reason: '举报不成立' } };
  },
  ...LOTTERY_ADMIN_FIXTURES,
  'GET /api/admin/legal/:kind/versions': async () => ({
    url: '/api/admin/legal/agreement/versions',
  }),
  // A new agreement version only: a new privacy version would refuse the buyer's later fixtures.
  'POST /api/admin/legal/:kind/versions': async () => ({
    url: '/api/admin/legal/agreement/versions',
    payload: {
      title: '房地产交易服务平台用户服务协议',
      body: '## 一、协议的确认\n本版本对条款作了文字调整，请您阅读。',
    },
  }),
  'GET /api/admin/listings/:id': async (ctx) => ({
    url: `/api/admin/listings/${await firstId(ctx, 'second_hand_listings')}`,
  }),
  'POST /api/admin/listing-review/:id/approve': async (ctx) => ({
    url: `/api/admin/listing-review/${await pendingListing(ctx)}/approve`,
  }),
  'POST /api/admin/listing-review/:id/reject': async (ctx) => ({
    url: `/api/admin/listing-review/${await pendingListing(ctx)}/reject`,
    payload: { reason: '产权证照片不清晰，请重新上传' },
  }),
  'POST /api/admin/listings/:id/take-down': async (ctx) => ({
    url: `/api/admin/listings/${await firstId(ctx, 'second_hand_listings', `publish_status = 3 and user_id <> ${ctx.userIds.buyer}`)}/take-down`,
    payload: { reason: '房源信息与实际不符' },
  }),
  'POST /api/admin/listings/:id/restore': async (ctx) => ({
    url: `/api/admin/listings/${await firstId(ctx, 'second_hand_listings', 'publish_status = 6')}/restore`,
    payload: { reason: '核实房源在售' },
  }),
  'GET /api/admin/listing-reports/:id': async (ctx) => ({
    url: `/api/admin/listing-reports/${await reportedListing(ctx)}`,
  }),
  'POST /api/admin/listing-reports/:id/decision': async (ctx) => ({
    url: `/api/admin/listing-reports/${await reportedListing(ctx)}/decision`,
    payload: { decision: 'dismiss' },
  }),
  'GET /api/admin/chat/reports/:id/messages': async (ctx) => ({
    url: `/api/admin/chat/reports/${await chatReport(ctx)}/messages`,
  }),
  'POST /api/admin/chat/reports/:id/decision': async (ctx) => ({
    url: `/api/admin/chat/reports/${await chatReport(ctx)}/decision`,
    payload: { decision: 'dismiss' },
  }),
  'GET /api/admin/chat/service/conversations/:id/messages': async (ctx) => ({
    url: `/api/admin/chat/service/conversations/${await serviceConversation(ctx)}/messages`,
  }),
  'POST /api/admin/chat/service/conversations/:id/messages': async (ctx) => ({
    url: `/api/admin/chat/service/conversations/${await serviceConversation(ctx)}/messages`,
    payload: { text: '您好，这里是平台客服。' },
  }),
  'POST /api/admin/chat/service/conversations/:id/read': async (ctx) => ({
    url: `/api/admin/chat/service/conversations/${await serviceConversation(ctx)}/read`,
    payload: {},
  }),
  'GET /api/admin/news/:id': async (ctx) => ({
    url: `/api/admin/news/${await firstId(ctx, 'news')}`,
  }),
  'POST /api/admin/news': async () => ({
    url: '/api/admin/news',
    payload: { newsType: 1, title: '关于商品房预售的通知', content: '<p>通知正文</p>' },
  }),
  'PUT /api/admin/news/:id': async (ctx) => ({
    url: `/api/admin/news/${await draftNews(ctx, false)}`,
    payload: { newsType: 2, title: '改过的标题', content: '<p>改过的正文</p>' },
  }),
  'POST /api/admin/news/:id/publish': async (ctx) => ({
    url: `/api/admin/news/${await draftNews(ctx, false)}/publish`,
  }),
  'POST /api/admin/news/:id/withdraw': async (ctx) => ({
    url: `/api/admin/news/${await draftNews(ctx, true)}/withdraw`,
  }),
  'GET /api/admin/orders/:id': async (ctx) => ({
    url: `/api/admin/orders/${await firstId(ctx, 'orders')}`,
  }),
  'POST /api/admin/orders/:id/netsign': async (ctx) => ({
    url: `/api/admin/orders/${await buyerPaidOrder(ctx)}/netsign`,
    payload: { netsignnum: 'WQ2026ACCESS0001' },
  }),
  'POST /api/admin/orders/:id/files': async (ctx) => ({
    url: `/api/admin/orders/${await buyerPaidOrder(ctx)}/files?kind=invoice`,
    file: { name: 'invoice.png', type: 'image/png', bytes: ctx.png },
  }),
  'POST /api/admin/orders/:id/refund/confirm': async (ctx) => ({
    url: `/api/admin/orders/${await refundingOrder(ctx)}/refund/confirm`,
  }),
  'POST /api/admin/orders/:id/refund/reject': async (ctx) => ({
    url: `/api/admin/orders/${await refundingOrder(ctx)}/refund/reject`,
    payload: { reason: '请先完成网签备案' },
  }),
  'POST /api/admin/orders/:id/refund/retry': async (ctx) => ({
    url: `/api/admin/orders/${await firstId(ctx, 'orders', 'pay_status = 7')}/refund/retry`,
  }),
  'GET /api/admin/projects/:id': async (ctx) => ({
    url: `/api/admin/projects/${await firstId(ctx, 'projects')}`,
  }),
  'PUT /api/admin/projects/:id': async (ctx) => {
    const id = await firstId(ctx, 'projects');
    return { url: `/api/admin/projects/${id}`, payload: await projectFacts(ctx, id) };
  },
  'POST /api/admin/projects/:id/album': async (ctx) => ({
    url: `/api/admin/projects/${await firstId(ctx, 'projects')}/album?group=effect`,
    file: { name: 'effect.png', type: 'image/png', bytes: ctx.png },
  }),
  'DELETE /api/admin/projects/:id/album/:childId': async (ctx) => {
    const [row] = await ctx.rows<{ id: number; owner_id: number }>(
      sql`select id, owner_id from attachments where owner_type = 'project' order by id limit 1`,
    );
    return { url: `/api/admin/projects/${row?.owner_id}/album/${row?.id}` };
  },
  'POST /api/admin/projects/:id/licences': async (ctx) => ({
    url: `/api/admin/projects/${await firstId(ctx, 'projects')}/licences`,
    payload: licence,
  }),
  'PUT /api/admin/projects/:id/licences/:childId': async (ctx) => {
    const [row] = await ctx.rows<{ id: number; project_id: number }>(
      sql`select id, project_id from licences order by id limit 1`,
    );
    return {
      url: `/api/admin/projects/${row?.project_id}/licences/${row?.id}`,
      payload: { ...licence, licenceNo: '秦房预售字第2026998号' },
    };
  },
  'DELETE /api/admin/projects/:id/licences/:childId': async (ctx) => {
    const projectId = await firstId(ctx, 'projects');
    const created = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/admin/projects/${projectId}/licences`,
      headers: { authorization: `Bearer ${ctx.tokens.operator}` },
      payload: { ...licence, licenceNo: '秦房预售字第2026997号' },
    });
    return { url: `/api/admin/projects/${projectId}/licences/${created.json().data.id}` };
  },
  'PUT /api/admin/rooms/:id/price': async (ctx) => ({
    url: `/api/admin/rooms/${await firstId(
      ctx,
      'rooms',
      "sale_status = 'green' and id not in (select room_id from orders)",
    )}/price`,
    payload: { currentPrice: 12345 },
  }),
  'GET /api/admin/rooms': async (ctx) => ({
    url: `/api/admin/rooms?buildingId=${await firstId(ctx, 'buildings')}`,
  }),
  'POST /api/admin/rooms/sale-status': async (ctx) => ({
    url: '/api/admin/rooms/sale-status',
    payload: {
      roomIds: [
        await firstId(
          ctx,
          'rooms',
          "sale_status = 'green' and id not in (select room_id from orders)",
        ),
      ],
      saleStatus: 'gray',
    },
  }),
  'POST /api/admin/feedback/:id/reply': async (ctx) => ({
    url: `/api/admin/feedback/${await firstId(ctx, 'feedback')}/reply`,
    payload: { html: '<p>已受理，感谢反馈。</p>' },
  }),
  'PUT /api/admin/site-settings': async (ctx) => ({
    url: '/api/admin/site-settings',
    payload: await adminGet(ctx, '/api/admin/site-settings'),
  }),
  'POST /api/admin/site-settings/logo': async (ctx) => ({
    url: '/api/admin/site-settings/logo',
    file: { name: 'logo.png', type: 'image/png', bytes: ctx.png },
  }),
  'POST /api/admin/uploads': async (ctx) => ({
    url: '/api/admin/uploads?kind=image',
    file: { name: 'cover.jpg', type: 'image/jpeg', bytes: ctx.jpeg },
  }),
  'POST /api/admin/users/:id/disable': async (ctx) => ({
    url: `/api/admin/users/${await throwawayUser(ctx, '13700007101')}/disable`,
  }),
  'POST /api/admin/users/:id/enable': async (ctx) => {
    const id = await throwawayUser(ctx, '13700007102');
    await ctx.rows(sql`update users set disabled = true where id = ${id}`);
    return { url: `/api/admin/users/${id}/enable` };
  },
  'POST /api/admin/users/:id/realname': async (ctx) => ({
    url: `/api/admin/users/${await throwawayUser(ctx, '13700007103')}/realname`,
    payload: { realName: '王小明', idCard: '11010519491231002X' },
  }),
  'POST /api/admin/users/:id/realname/revoke': async (ctx) => ({
    url: `/api/admin/users/${await firstId(ctx, 'users', `real_name_auth and id <> ${ctx.userIds.buyer}`)}/realname/revoke`,
  }),
};
