import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API_PREFIX } from '../src/modules/admin/admin-guard';
import {
  type AccessContext,
  type Caller,
  type OwnerCall,
  openAccessContext,
  requestOf,
} from './access-context';
import { PERSONAL_FIXTURES } from './access-fixtures';
import { ADMIN_FIXTURES } from './access-fixtures-admin';

/**
 * The access-control matrix (ASVS 4.1–4.3). Every operation of the OpenAPI document is
 * classified: operator routes (`/api/admin/*`, one global guard), personal routes (guarded by
 * requireUser) and public ones. Each operator and personal route is called anonymously (401
 * `90001`), as someone without the right (403 on operator routes; 403/404 for another citizen's
 * resource ids, in the path or named in the body) and as the owner (2xx). Owners come from the fixture tables; a new guarded route
 * that needs a parameter, a query or a body fails here until it has an entry.
 */
interface Route {
  method: string;
  url: string;
  kind: 'admin' | 'personal' | 'public';
}

let ctx: AccessContext;
let routes: Route[];

beforeAll(async () => {
  ctx = await openAccessContext();
  const spec = (await ctx.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const personal = new Set(ctx.t.app.guardedRoutes.map((r) => `${r.method} ${r.url}`));
  routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((lower) => {
      const method = lower.toUpperCase();
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      const kind = url.startsWith(ADMIN_API_PREFIX)
        ? 'admin'
        : personal.has(`${method} ${url}`)
          ? 'personal'
          : 'public';
      return { method, url, kind } as Route;
    }),
  );
}, 240_000);
afterAll(async () => {
  await ctx?.t.dispose();
});

const keyOf = (route: Route) => `${route.method} ${route.url}`;
const hasParams = (route: Route) => route.url.includes(':');
/** Calls that change or end the spare citizen's sessions, in the order they must run. */
const SESSION_ENDING = [
  'POST /api/auth/password',
  'POST /api/auth/phone/verify-old',
  'POST /api/auth/phone/change',
  'POST /api/auth/logout',
  'POST /api/users/me/close',
];
const runOrder = (route: Route) => SESSION_ENDING.indexOf(keyOf(route));
/** The event stream is checked by the chat tests (its guard runs on the socket upgrade). */
// Streams that stay open (the chat socket, the building table's and the 选房 board's event
// streams): own tests.
const LEFT_OUT = new Set([
  'GET /api/chat/ws',
  'GET /api/building-table/buildings/:buildingId/events',
  'GET /api/lottery/batches/:id/events',
]);

function fixtureOf(route: Route) {
  const table = route.kind === 'admin' ? ADMIN_FIXTURES : PERSONAL_FIXTURES;
  return table[keyOf(route)];
}

/** Guarded routes that cannot be called without an entry: parameters, or anything but GET. */
function needsFixture(route: Route): boolean {
  return route.kind !== 'public' && (hasParams(route) || route.method !== 'GET');
}

async function call(route: Route, request: OwnerCall, caller: Caller) {
  return ctx.t.app.inject(requestOf(ctx, route.method, request, caller));
}

describe('access-control matrix', () => {
  it('finds the operator and personal routes in the OpenAPI document', () => {
    expect(routes.filter((r) => r.kind === 'admin').length).toBeGreaterThan(30);
    expect(routes.filter((r) => r.kind === 'personal').length).toBeGreaterThan(40);
  });

  it('has an owner fixture for every guarded route that needs one, and none for others', () => {
    const guarded = routes.filter((r) => r.kind !== 'public' && !LEFT_OUT.has(keyOf(r)));
    const missing = guarded.filter((r) => needsFixture(r) && !fixtureOf(r)).map(keyOf);
    expect(missing).toEqual([]);
    const known = new Set(guarded.map(keyOf));
    const stale = [...Object.keys(PERSONAL_FIXTURES), ...Object.keys(ADMIN_FIXTURES)].filter(
      (key) => !known.has(key),
    );
    expect(stale).toEqual([]);
  });

  it('refuses every guarded route to an anonymous caller with 90001, whatever the input', async () => {
    const leaks: string[] = [];
    for (const route of routes.filter((r) => r.kind !== 'public' && !LEFT_OUT.has(keyOf(r)))) {
      const res = await call(route, { url: route.url.replace(/:\w+/g, '1') }, 'anonymous');
      if (res.statusCode !== 401 || res.json().code !== '90001') {
        leaks.push(`${keyOf(route)} → ${res.statusCode}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('never asks an anonymous caller to sign in on a route outside the matrix', async () => {
    const unguarded: string[] = [];
    for (const route of routes.filter((r) => r.kind === 'public' && !LEFT_OUT.has(keyOf(r)))) {
      const res = await call(route, { url: route.url.replace(/:\w+/g, '1') }, 'anonymous');
      if (res.statusCode === 401) unguarded.push(keyOf(route));
    }
    expect(unguarded).toEqual([]);
  });

  it('gives operators what they own and refuses citizens every operator route', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.kind === 'admin')) {
      const owner = await (fixtureOf(route)?.(ctx) ??
        Promise.resolve<OwnerCall>({ url: route.url }));
      const citizen = await call(route, owner, 'buyer');
      if (citizen.statusCode !== 403)
        failures.push(`${keyOf(route)} as citizen → ${citizen.statusCode}`);
      const res = await call(route, owner, owner.as ?? 'operator');
      if (res.statusCode >= 300) {
        failures.push(`${keyOf(route)} as operator → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('gives citizens their own resources and hides them from everyone else', async () => {
    const failures: string[] = [];
    const personal = routes.filter((r) => r.kind === 'personal' && !LEFT_OUT.has(keyOf(r)));
    personal.sort((a, b) => runOrder(a) - runOrder(b));
    for (const route of personal) {
      const owner = await (fixtureOf(route)?.(ctx) ??
        Promise.resolve<OwnerCall>({ url: route.url }));
      const as = owner.as ?? 'buyer';
      if (hasParams(route) || owner.namesOwnResources) {
        const stranger = await call(route, owner, as === 'other' ? 'buyer' : 'other');
        if (![400, 403, 404].includes(stranger.statusCode)) {
          failures.push(`${keyOf(route)} as another citizen → ${stranger.statusCode}`);
        }
      }
      const res = await call(route, owner, as);
      if (res.statusCode >= 300) {
        failures.push(`${keyOf(route)} as owner → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
