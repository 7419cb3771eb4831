import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateProjectReads } from '../src/lib/read-cache';
import { type AccessContext, openAccessContext, requestOf } from './access-context';
import {
  ACTIVE_MARKUP,
  HOSTILE_FAMILIES,
  HOSTILE_TRACES,
  hostileText,
  type OpenApi,
  operationKey,
  setField,
  textFieldsOf,
  type TextField,
} from './hostile-text-fields';
import {
  fixtureOf,
  HTML_ANSWERS,
  HTML_COLUMNS,
  HTML_FIELDS,
  NOT_ANSWERED,
  NOT_STORED,
  READ_LEFT_OUT,
  READ_QUERIES,
  FILE_FIELDS,
} from './hostile-text-fixtures';
import {
  expandPath,
  keyedStrings,
  rememberIds,
  storedHostileTexts,
  tableCount,
  textColumns,
} from './hostile-text-scan';

/**
 * Hostile text through every free-text field of the API (derived from the OpenAPI document, see
 * hostile-text-fields.ts): script tags, event handlers, `javascript:` links and SQL, each sent by
 * the field's owner through the real route, and hostile names of uploaded files. Nothing answers
 * 500; plain-text fields are stored and answered exactly as typed (so the pages, which render
 * them with React, show them as text) and the rich-text fields that pages insert as HTML are
 * stored and answered sanitised. The pages themselves are checked in a browser by
 * e2e/hostile-input.spec.ts and e2e/hostile-input-operator.spec.ts.
 */

interface Sent {
  op: string;
  field: string;
  value: string;
  status: number;
}

let ctx: AccessContext;
let spec: OpenApi;
let fields: Map<string, TextField[]>;
const sent: Sent[] = [];
let tags = 0;
/** Ids of what the calls touched, by the path before them (`/api/orders` → 12, 13). */
const touched = new Map<string, Set<number | string>>();

beforeAll(async () => {
  ctx = await openAccessContext();
  spec = (await ctx.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const found = textFieldsOf(spec);
  fields = found.operations;
  expect(found.unknownBodies).toEqual([]);
}, 240_000);
afterAll(async () => {
  await ctx?.t.dispose();
});

const fieldOf = (s: Sent) => `${s.op} ${s.field}`;
/** The 〔n〕 a hostile text carries; the sanitiser keeps it, so rich text is found again. */
const tagOf = (value: string) => /〔\d+〕/.exec(value)?.[0] ?? value;

describe('hostile text through every free-text field', () => {
  it('finds the free-text fields of the API, the named ones among them, each with an owner', () => {
    const all = [...fields].flatMap(([op, list]) => list.map((f) => `${op} ${f.path.join('.')}`));
    for (const expected of [
      'PUT /api/users/me nickName',
      'POST /api/orders/:id/cancel cancelReason',
      'POST /api/orders/:id/delay reason',
      'POST /api/orders/:id/delay/give-up remark',
      'POST /api/orders/:id/refund remark',
      'POST /api/admin/orders/:id/refund/reject reason',
      'POST /api/admin/listing-review/:id/reject reason',
      'POST /api/admin/feedback/:id/reply html',
      'POST /api/admin/projects/:id/licences licenceNo',
      'PUT /api/admin/projects/:id/licences/:childId scope',
      'PUT /api/admin/projects/:id salesCenter',
      'POST /api/listings title',
      'PUT /api/listings/:id description',
      'POST /api/listings/verifications ownerName',
      'POST /api/feedback title',
      'POST /api/projects/:id/group-buy username',
      'POST /api/chat/conversations/:id/messages text',
      'PUT /api/admin/site-settings copyright',
    ]) {
      expect(all).toContain(expected);
    }
    expect([...fields.keys()].filter((op) => !fixtureOf(op).fixture)).toEqual([]);
  });

  it('stores them without a 500: plain text exactly as typed, rich text sanitised', async () => {
    const tablesBefore = await tableCount(ctx);
    const columns = await textColumns(ctx);
    const problems: string[] = [];
    for (const [op, list] of fields) {
      const { fixture, caller } = fixtureOf(op);
      for (const family of Object.keys(HOSTILE_FAMILIES)) {
        const owner = await fixture!(ctx);
        const payload = structuredClone(owner.payload ?? {}) as Record<string, unknown>;
        const values: [string, string][] = [];
        for (const field of list) {
          const name = field.path.join('.');
          const rich = HTML_FIELDS.has(`${op} ${name}`);
          const value = hostileText(family, field, { tag: (tags += 1), rich });
          const asSent =
            value === undefined ? undefined : (FILE_FIELDS[`${op} ${name}`]?.(value) ?? value);
          if (
            asSent !== undefined &&
            value !== undefined &&
            setField(payload, field.path, asSent)
          ) {
            values.push([name, value]);
          }
        }
        const method = op.split(' ')[0]!;
        const res = await ctx.t.app.inject(
          requestOf(ctx, method, { ...owner, payload }, owner.as ?? caller),
        );
        for (const [field, value] of values) {
          sent.push({ op, field, value, status: res.statusCode });
        }
        if (res.statusCode >= 300) {
          problems.push(`${op} (${family}) → ${res.statusCode} ${res.body.slice(0, 120)}`);
          continue;
        }
        rememberIds(touched, owner.url, (res.json() as { data?: { id?: unknown } }).data?.id);
        const stored = await storedHostileTexts(ctx, columns);
        for (const { column, value } of stored) {
          if (HTML_COLUMNS.has(column) && ACTIVE_MARKUP.test(value)) {
            problems.push(`${column} keeps active markup: ${value.slice(0, 80)}`);
          }
        }
        const plain = stored.filter((s) => !HTML_COLUMNS.has(s.column)).map((s) => s.value);
        for (const [field, value] of values) {
          if (HTML_FIELDS.has(`${op} ${field}`) || NOT_STORED[op]) continue;
          if (!plain.some((text) => text.includes(value))) {
            problems.push(`${op} ${field}: ${value} not stored as typed`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(await tableCount(ctx)).toBe(tablesBefore);
    expect(sent.filter((s) => s.value.includes('DROP TABLE')).length).toBeGreaterThan(10);
  }, 300_000);

  it('keeps hostile names of uploaded files as text', async () => {
    const columns = await textColumns(ctx);
    const problems: string[] = [];
    let uploads = 0;
    /** Uploads whose answer or stored rows carry the name back, exactly as sent. */
    const kept = new Set<string>();
    for (const [path, methods] of Object.entries(spec.paths)) {
      const op = operationKey('post', path);
      const multipart = (methods.post?.requestBody?.content ?? {})['multipart/form-data'];
      if (!multipart) continue;
      const { fixture, caller } = fixtureOf(op);
      expect(fixture, `${op} needs an owner fixture`).toBeDefined();
      for (const family of ['handler', 'javascript', 'sql'] as const) {
        const owner = await fixture!(ctx);
        const extension = owner.file!.name.slice(owner.file!.name.lastIndexOf('.'));
        const marker = `_up${(tags += 1)}_`;
        const name = `${HOSTILE_FAMILIES[family]![0]!.replace(/[/"]/g, '')}${marker}${extension}`;
        const res = await ctx.t.app.inject(
          requestOf(ctx, 'POST', { ...owner, file: { ...owner.file!, name } }, owner.as ?? caller),
        );
        uploads += 1;
        if (res.statusCode >= 300) {
          problems.push(`${op} ${name} → ${res.statusCode} ${res.body.slice(0, 120)}`);
          continue;
        }
        const texts = [
          ...keyedStrings(res.json()).map(([, value]) => value),
          ...(await storedHostileTexts(ctx, columns)).map((s) => s.value),
        ];
        if (texts.some((text) => text.includes(name))) kept.add(op);
        const mangled = texts.filter((text) => text.includes(marker) && !text.includes(name));
        if (mangled.length > 0) problems.push(`${op} changed ${name} into ${mangled.join(', ')}`);
      }
    }
    expect(uploads).toBeGreaterThan(10);
    expect(problems).toEqual([]);
    expect([...kept]).toEqual(
      expect.arrayContaining([
        'POST /api/listings/uploads',
        'POST /api/admin/uploads',
        'POST /api/admin/projects/:id/album',
      ]),
    );
  }, 300_000);

  it('answers them back as JSON text, and rich text only sanitised', async () => {
    const id = await ctx.one<number>(sql`select project_id from house_models order by id limit 1`);
    const model = {
      houseType: `A户型${HOSTILE_FAMILIES.handler![0]}`,
      description: "' OR '1'='1' --",
    };
    await ctx.rows(
      sql`update house_models set house_type = ${model.houseType}, description = ${model.description} where project_id = ${id}`,
    );
    invalidateProjectReads();
    rememberIds(touched, `/api/projects/${id}`);
    const stored = [
      ...sent.filter((s) => s.status < 300),
      { op: 'house models', field: 'houseType', value: model.houseType, status: 200 },
      { op: 'house models', field: 'description', value: model.description, status: 200 },
    ];
    const problems: string[] = [];
    const seen = new Set<string>();
    let answers = 0;
    for (const [path, methods] of Object.entries(spec.paths)) {
      if (!methods.get || READ_LEFT_OUT.some((prefix) => path.startsWith(prefix))) continue;
      const asked = READ_QUERIES[path] ?? [''];
      const queries = typeof asked === 'function' ? await asked(ctx) : asked;
      for (const url of expandPath(path, touched).flatMap((u) => queries.map((q) => u + q))) {
        for (const caller of ['anonymous', 'buyer', 'operator'] as const) {
          const res = await ctx.t.app.inject(requestOf(ctx, 'GET', { url }, caller));
          if (res.statusCode !== 200 || !/json/.test(String(res.headers['content-type']))) continue;
          answers += 1;
          for (const [key, value] of keyedStrings(res.json())) {
            if (!HOSTILE_TRACES.test(value)) continue;
            const where = `${operationKey('get', path)} ${key}`;
            if (HTML_ANSWERS.has(where)) {
              if (ACTIVE_MARKUP.test(value)) problems.push(`${where} (${caller}): ${value}`);
              for (const s of stored) if (value.includes(tagOf(s.value))) seen.add(fieldOf(s));
              continue;
            }
            const source = stored.filter((s) => value.includes(s.value));
            if (source.length === 0) problems.push(`${where} (${caller}) changed: ${value}`);
            for (const s of source) seen.add(fieldOf(s));
          }
        }
      }
    }
    expect(answers).toBeGreaterThan(50);
    expect(problems).toEqual([]);
    const unanswered = [...new Set(stored.map(fieldOf))].filter(
      (field) =>
        !seen.has(field) && !NOT_ANSWERED[field] && !NOT_STORED[field.split(' ', 2).join(' ')],
    );
    expect(unanswered).toEqual([]);
  }, 300_000);
});
