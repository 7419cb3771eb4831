import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOperator } from '../src/modules/auth/auth-test-helpers';
import { createTestApp, type TestApp } from './app';

/**
 * A fuzz pass generated from the OpenAPI document: every documented operation is called with
 * hostile and malformed parameters and bodies, anonymously, as a buyer and as an operator.
 * Whatever the input, the answer is an envelope with a status below 500.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface Operation {
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '海港区',
  "' OR '1'='1' --",
  '1; DROP TABLE users; --',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '😀'.repeat(50),
  'x'.repeat(5000),
  '-1',
  '1e309',
  'null',
];
const HOSTILE_NUMBERS = [0, -1, 1, 2147483648, 9007199254740991, 1.5, -0.0001];
const PATH_VALUES = ['1', '0', '-1', 'abc', '99999999999999999999', '1.5', '%27', '海港'];

function pick<T>(values: readonly T[], next: () => number): T {
  return values[Math.floor(next() * values.length)] as T;
}

function typeOf(schema: JsonSchema | undefined): string | undefined {
  if (!schema) return undefined;
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  return variant ? typeOf(variant) : undefined;
}

/** A value that fits the declared type about half the time, and anything at all otherwise. */
function valueFor(schema: JsonSchema | undefined, next: () => number, depth = 0): unknown {
  const roll = next();
  if (roll < 0.15) return pick([null, true, [], {}, 'x', -1], next);
  if (schema?.enum && roll < 0.5) return pick(schema.enum, next);
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return roll < 0.6 ? pick(HOSTILE_NUMBERS, next) : pick(HOSTILE_STRINGS, next);
    case 'boolean':
      return roll < 0.6 ? next() < 0.5 : 'yes';
    case 'array':
      return depth > 2 ? [] : [valueFor(schema?.items, next, depth + 1)];
    case 'object':
      return depth > 2 ? {} : objectFor(schema, next, depth + 1);
    default:
      return pick(HOSTILE_STRINGS, next);
  }
}

function objectFor(schema: JsonSchema | undefined, next: () => number, depth = 0) {
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    if (next() < 0.85) out[name] = valueFor(property, next, depth);
  }
  return out;
}

function requestsFor(path: string, method: string, op: Operation, seed: number): InjectOptions[] {
  const next = random(seed);
  const out: InjectOptions[] = [];
  for (let i = 0; i < 8; i += 1) {
    const url = path.replace(/\{(\w+)\}/g, () => encodeURIComponent(pick(PATH_VALUES, next)));
    const query: Record<string, string> = {};
    for (const param of op.parameters ?? []) {
      if (param.in === 'query' && next() < 0.8) {
        query[param.name] = String(valueFor(param.schema, next));
      }
    }
    const bodySchema = op.requestBody?.content?.['application/json']?.schema;
    const options: InjectOptions = {
      method: method.toUpperCase() as InjectOptions['method'],
      url,
      query,
    };
    if (bodySchema && i > 0) options.payload = i === 1 ? 'not json{' : objectFor(bodySchema, next);
    if (bodySchema && i === 1) options.headers = { 'content-type': 'application/json' };
    out.push(options);
  }
  return out;
}

let t: TestApp;
let spec: OpenApi;
const tokens: Record<string, string | undefined> = {};

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { account: '13800000001', password: 'Demo@2026' },
  });
  tokens.buyer = res.json().data.access_token;
  tokens.operator = await signInOperator(t.app, '13900000000', 'Admin@2026');
});
afterAll(async () => {
  await t.dispose();
});

/** Operations that end the caller's own session or are the event stream are left to their tests. */
const LEFT_OUT = new Set([
  'POST /api/auth/logout',
  'GET /api/chat/ws',
  // Event streams stay open: tested in building-table-events.test.ts and lottery-events.test.ts.
  'GET /api/building-table/buildings/{buildingId}/events',
  'GET /api/lottery/batches/{id}/events',
]);

describe('API fuzz pass from the OpenAPI document', () => {
  it('documents the API', () => {
    expect(Object.keys(spec.paths).length).toBeGreaterThan(40);
  });

  it('answers every hostile request with an envelope below 500', async () => {
    const failures: string[] = [];
    let calls = 0;
    let seed = 1;
    for (const [path, methods] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (LEFT_OUT.has(`${method.toUpperCase()} ${path}`)) continue;
        seed += 1;
        for (const [index, request] of requestsFor(path, method, op, seed).entries()) {
          const token = [undefined, tokens.buyer, tokens.operator][index % 3];
          const res = await t.app.inject({
            ...request,
            headers: {
              ...request.headers,
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
          });
          calls += 1;
          const type = String(res.headers['content-type'] ?? '');
          if (res.statusCode >= 500 || (type.includes('json') && !('code' in res.json()))) {
            failures.push(
              `${request.method} ${request.url} ${JSON.stringify(request.query)} ${JSON.stringify(
                request.payload,
              )?.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`,
            );
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 300_000);
});
