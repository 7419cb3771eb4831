import { API_CODES } from '@portal/shared/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { operationIdOf, sampleOf } from './openapi-document';

type Media = {
  schema?: unknown;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
};
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { description?: string; content?: Record<string, Media> }>;
};

let t: TestApp;
let operations: Array<{ method: string; path: string; operation: Operation }>;
let document: {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};

beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
  );
});

afterAll(async () => {
  await t?.dispose();
});

const hasExample = (media: Media | undefined) =>
  media !== undefined &&
  (media.example !== undefined || Object.keys(media.examples ?? {}).length > 0);

describe('the API document', () => {
  it('documents many operations', () => {
    expect(operations.length).toBeGreaterThan(150);
  });

  it('gives every operation a unique camelCase operationId derived from method and path', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    for (const { method, path, operation } of operations) {
      expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
    }
    const duplicates = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(duplicates).toEqual([]);
    expect(operationIdOf('get', '/api/admin/users/{id}')).toBe('getAdminUsersById');
    expect(operationIdOf('post', '/api/building-table/rooms/{roomId}/lock')).toBe(
      'postBuildingTableRoomsByRoomIdLock',
    );
  });

  it('gives every operation a Chinese summary and a tag', () => {
    for (const { method, path, operation } of operations) {
      expect(operation.summary, `${method} ${path}`).toMatch(/[\u4e00-\u9fa5]/);
      expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
    }
  });

  it('declares security from how each route is guarded', () => {
    const guarded = new Map(
      t.app.guardedRoutes.map((r) => [`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r.guard]),
    );
    for (const { method, path, operation } of operations) {
      const key = `${method.toUpperCase()} ${path}`;
      const guard = path.startsWith('/api/admin/') ? 'admin' : (guarded.get(key) ?? 'public');
      const expected =
        guard === 'public'
          ? []
          : [{ [guard === 'admin' ? 'operatorBearer' : 'bearer']: [] }, { sessionCookie: [] }];
      expect([key, operation.security]).toEqual([key, expected]);
    }
    expect(operations.some(({ operation }) => operation.security?.[0]?.bearer)).toBe(true);
    expect(operations.some(({ operation }) => operation.security?.[0]?.operatorBearer)).toBe(true);
    expect(operations.some(({ operation }) => operation.security?.length === 0)).toBe(true);
  });

  it('lists the error envelopes each operation can answer, each with an example of a real code', () => {
    const known = new Map<string, number>(
      Object.values(API_CODES).map((entry) => [entry.code, entry.status]),
    );
    for (const { method, path, operation } of operations) {
      const errors = Object.entries(operation.responses).filter(
        ([status]) => Number(status) >= 400,
      );
      expect(
        errors.map(([status]) => status),
        `${method} ${path}`,
      ).toContain('500');
      if (operation.security?.length)
        expect(operation.responses['401'], `${method} ${path}`).toBeDefined();
      if (operation.security?.[0]?.operatorBearer) expect(operation.responses['403']).toBeDefined();
      for (const [status, response] of errors) {
        const media = response.content?.['application/json'];
        expect(hasExample(media), `${method} ${path} ${status}`).toBe(true);
        for (const example of Object.values(media?.examples ?? {})) {
          const value = example.value as { code: string; message: string; data: unknown };
          expect(known.get(value.code), `${method} ${path} ${status} ${value.code}`).toBe(
            Number(status),
          );
          expect(value.message).toMatch(/[\u4e00-\u9fa5]/);
        }
      }
    }
    expect(document.components.schemas?.ApiError).toBeDefined();
  });

  it('lists the module business codes, e.g. an order that cannot be placed twice', () => {
    const create = operations.find(
      ({ method, path }) => method === 'post' && path === '/api/orders',
    )?.operation;
    expect(
      Object.keys(create?.responses['409']?.content?.['application/json']?.examples ?? {}),
    ).toContain('ORDER_DUPLICATE');
  });

  it('gives every success response an example', () => {
    for (const { method, path, operation } of operations) {
      const successes = Object.entries(operation.responses).filter(([status]) =>
        status.startsWith('2'),
      );
      expect(successes.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const [status, response] of successes) {
        const media = Object.values(response.content ?? {});
        expect(media.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
        for (const one of media) expect(hasExample(one), `${method} ${path} ${status}`).toBe(true);
      }
    }
  });

  it('makes examples that fit their schema', () => {
    const schema = {
      type: 'object',
      properties: {
        code: { type: 'string' },
        count: { type: 'integer', minimum: 3, maximum: 9 },
        state: { type: 'string', enum: ['locked', 'free'] },
        tags: { type: 'array', items: { type: 'string', maxLength: 1 } },
        createdAt: { type: 'string', nullable: true },
      },
    };
    expect(sampleOf(schema)).toEqual({
      code: '000000',
      count: 3,
      state: 'locked',
      tags: ['示'],
      createdAt: '2026-11-27T08:00:00.000Z',
    });
  });
});
