import { sql } from 'drizzle-orm';
import { ADMIN_API_PREFIX } from '../src/modules/admin/admin-guard';
import type { Caller, OwnerFixture } from './access-context';
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

/** Reads that serve no stored text: simulators, the API document, the chat socket. */
export const READ_LEFT_OUT = ['/api/dev/', '/api/docs', '/api/chat/ws'];

let signUps = 0;

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

/** Calls whose access fixture finds one case only: these make a fresh one each time. */
const REPEATABLE_FIXTURES: Record<string, OwnerFixture> = {
  'POST /api/admin/listing-review/:id/reject': async (ctx) => {
    const id = await ctx.one<number>(
      sql`select id from second_hand_listings where user_id <> ${ctx.userIds.buyer} order by id limit 1`,
    );
    await ctx.rows(sql`update second_hand_listings set publish_status = 2 where id = ${id}`);
    return { url: `/api/admin/listing-review/${id}/reject`, payload: { reason: '照片不清晰' } };
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
