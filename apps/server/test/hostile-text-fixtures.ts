import { sql } from 'drizzle-orm';
import { ADMIN_API_PREFIX } from '../src/modules/admin/admin-guard';
import type { AccessContext, Caller, OwnerFixture } from './access-context';
import { PERSONAL_FIXTURES } from './access-fixtures';
import { ADMIN_FIXTURES } from './access-fixtures-admin';

/**
 * What the hostile-text tests need beyond the derived field list: who calls each operation
 * (the access-control owner fixtures, plus the public operations and the calls that need a fresh
 * case each time), which fields are rich text, and the texts that are stored but not answered.
 */

/** Rich-text fields: cleaned by the server's allow-list because pages insert them as HTML. */
export const HTML_FIELDS = new Set([
  'POST /api/admin/news content',
  'PUT /api/admin/news/:id content',
  'POST /api/feedback content',
  'POST /api/admin/feedback/:id/reply html',
]);
/** The columns HTML_FIELDS are stored in. */
export const HTML_COLUMNS = new Set(['news.content', 'feedback.content', 'feedback.reply']);
/** Answers a page inserts as HTML (news-article.tsx, feedback-detail.tsx, feedback-queue.tsx). */
export const HTML_ANSWERS = new Set([
  'GET /api/news/:id content',
  'GET /api/admin/news/:id content',
  'GET /api/feedback/:id content',
  'GET /api/feedback/:id reply',
  'GET /api/admin/feedback content',
  'GET /api/admin/feedback reply',
]);

/** Operations that take text without storing it, and why. */
export const NOT_STORED: Record<string, string> = {
  'POST /api/telemetry/client-errors': 'client error reports go to the structured log only',
  'POST /api/subscriptions/searches':
    'the text is a list page URL query: only the filters the page knows are kept, URL-encoded in a fixed order',
};

/** Stored fields no API answer carries back, and why. */
export const NOT_ANSWERED: Record<string, string> = {
  'POST /api/orders/:id/delay reason': 'kept on the order for the record; no answer carries it yet',
  'POST /api/orders/:id/delay/give-up remark':
    'kept on the order for the record; no answer carries it yet',
  'POST /api/listings secondCertificate.[].name': 'private photos: only short-lived links are sent',
  'POST /api/listings secondIdCard.[].name': 'private photos: only short-lived links are sent',
  'PUT /api/listings/:id secondCertificate.[].name':
    'private photos: only short-lived links are sent',
  'PUT /api/listings/:id secondIdCard.[].name': 'private photos: only short-lived links are sent',
};

/**
 * Fields that carry a whole file (an operator's import): the hostile text goes where the file keeps
 * free text — a point's name — and the file stays one the import reads.
 */
export const FILE_FIELDS: Record<string, (value: string) => string> = {
  'POST /api/admin/pois/import text': (value) =>
    JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [119.6, 39.93] },
          properties: { category: 'bank', name: value },
        },
      ],
    }),
};

/**
 * Reads that need a query to answer, with the queries that read everything stored: fixed, or
 * formed from what the fixtures stored.
 */
export const READ_QUERIES: Record<string, string[] | ((ctx: AccessContext) => Promise<string[]>)> =
  {
    // 问答 are read per page they were asked on.
    '/api/questions': async (ctx) =>
      (
        await ctx.rows<{ target_type: string; target_id: number }>(
          sql`select distinct target_type, target_id from questions`,
        )
      ).map((row) => `?targetType=${row.target_type}&targetId=${row.target_id}`),
    '/api/listings/draft': ['?type=1', '?type=2'],
    // Every listing and order move is audited: the reasons of the few operator moves asked for by action.
    '/api/admin/audit': [
      '?pageSize=100',
      '?action=listing.restore&pageSize=100',
      '?action=chat.reportDismiss&pageSize=100',
      '?action=chat.reportUphold&pageSize=100',
    ],
    // The import fixture's points stand at one place.
    '/api/pois/nearby': ['?lng=119.6&lat=39.93&radius=500&category=bank&perCategory=20'],
  };

/**
 * Reads that serve no stored text: simulators, the API document, the chat socket, and the event
 * streams (they stay open; what they push is ids, times and counts).
 */
export const READ_LEFT_OUT = [
  '/api/dev/',
  '/api/docs',
  '/api/chat/ws',
  '/api/building-table/buildings/{buildingId}/events',
  '/api/lottery/batches/{id}/events',
];

let signUps = 0;
let publishers = 0;

/** Owner calls of public operations that take free text. */
const PUBLIC_FIXTURES: Record<string, OwnerFixture> = {
  'POST /api/projects/:id/group-buy': async (ctx) => {
    const id = await ctx.one<number>(sql`select id from projects order by id limit 1`);
    await ctx.rows(sql`update projects set group_buy = true where id = ${id}`);
    signUps += 1;
    const tel = `1370000${String(7200 + signUps).padStart(4, '0')}`;
    return { url: `/api/projects/${id}/group-buy`, payload: { username: '张三', tel } };
  },
  'POST /api/telemetry/client-errors': async () => ({
    url: '/api/telemetry/client-errors',
    payload: { kind: 'runtime', message: '渲染失败', url: 'http://localhost/home' },
  }),
};

/** A new publisher with a published listing, and `caller`'s conversation about it. */
async function freshConversation(ctx: AccessContext, caller: 'buyer' | 'other'): Promise<number> {
  publishers += 1;
  const phone = `1379990${String(publishers).padStart(4, '0')}`;
  const userId = await ctx.one<number>(
    sql`insert into users (phone, nickname) values (${phone}, '房东') returning id`,
  );
  const listingId = await ctx.one<number>(
    sql`insert into second_hand_listings (type, user_id, district_code, community_name, address, build_num, cell_num, house_num, bedroom, room, toilet, build_area, floor_num, total_floor, direction, decorates, elevator, price, title, description, publish_status)
        select type, ${userId}, district_code, community_name, address, build_num, cell_num, house_num, bedroom, room, toilet, build_area, floor_num, total_floor, direction, decorates, elevator, price, title, description, 3
        from second_hand_listings where publish_status = 3 order by id limit 1 returning id`,
  );
  const started = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/chat/conversations',
    headers: { authorization: `Bearer ${ctx.tokens[caller]}` },
    payload: { listingId },
  });
  return started.json().data.id;
}

/** Calls whose access fixture finds one case only: these make a fresh one each time. */
const REPEATABLE_FIXTURES: Record<string, OwnerFixture> = {
  'POST /api/admin/listing-review/:id/reject': async (ctx) => {
    const id = await ctx.one<number>(
      sql`select id from second_hand_listings where user_id <> ${ctx.userIds.buyer} order by id limit 1`,
    );
    await ctx.rows(sql`update second_hand_listings set publish_status = 2 where id = ${id}`);
    return { url: `/api/admin/listing-review/${id}/reject`, payload: { reason: '照片不清晰' } };
  },
  // One open report per citizen and listing: the previous one is decided first.
  'POST /api/listings/:id/reports': async (ctx) => {
    await ctx.rows(
      sql`update listing_reports set status = 'dismissed' where reporter_id = ${ctx.userIds.other}`,
    );
    return PERSONAL_FIXTURES['POST /api/listings/:id/reports']!(ctx);
  },
  // A conversation with a new publisher each time, so every report stays open and listed.
  'POST /api/chat/conversations/:id/reports': async (ctx) => ({
    url: `/api/chat/conversations/${await freshConversation(ctx, 'buyer')}/reports`,
    payload: { reason: 'advert', description: '反复发送广告' },
  }),
  // A fresh report of another citizen's each time, leaving the buyer's reports open.
  'POST /api/admin/chat/reports/:id/decision': async (ctx) => {
    const conversationId = await freshConversation(ctx, 'other');
    const reported = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversationId}/reports`,
      headers: { authorization: `Bearer ${ctx.tokens.other}` },
      payload: { reason: 'harassment' },
    });
    return {
      url: `/api/admin/chat/reports/${reported.json().data.id}/decision`,
      payload: { decision: 'dismiss' },
    };
  },
  'POST /api/admin/listing-reports/:id/decision': async (ctx) => {
    const id = await ctx.one<number>(
      sql`select id from second_hand_listings where publish_status = 3 and user_id <> ${ctx.userIds.buyer} order by id limit 1`,
    );
    await ctx.rows(
      sql`insert into listing_reports (listing_id, reporter_id, reason) values (${id}, ${ctx.userIds.other}, 'price') on conflict do nothing`,
    );
    return { url: `/api/admin/listing-reports/${id}/decision`, payload: { decision: 'dismiss' } };
  },
  'POST /api/admin/listings/:id/restore': async (ctx) => {
    const id = await ctx.one<number>(
      sql`select id from second_hand_listings where publish_status = 3 and user_id <> ${ctx.userIds.buyer} order by id limit 1`,
    );
    await ctx.rows(sql`update second_hand_listings set publish_status = 6 where id = ${id}`);
    return { url: `/api/admin/listings/${id}/restore`, payload: { reason: '核实房源在售' } };
  },
  'PUT /api/listings/:id': async (ctx) => {
    const id = await ctx.one<number>(
      sql`select id from second_hand_listings where user_id = ${ctx.userIds.buyer} and type = 2 order by id limit 1`,
    );
    await ctx.rows(sql`update second_hand_listings set publish_status = 4 where id = ${id}`);
    return PERSONAL_FIXTURES['PUT /api/listings/:id']!(ctx);
  },
};

/** The owner fixture of an operation (`METHOD /path/:param`) and who calls it by default. */
export function fixtureOf(op: string): { fixture?: OwnerFixture; caller: Caller } {
  const fixture =
    REPEATABLE_FIXTURES[op] ?? PUBLIC_FIXTURES[op] ?? ADMIN_FIXTURES[op] ?? PERSONAL_FIXTURES[op];
  if (op.split(' ')[1]?.startsWith(ADMIN_API_PREFIX)) return { fixture, caller: 'operator' };
  return { fixture, caller: PUBLIC_FIXTURES[op] ? 'anonymous' : 'buyer' };
}
