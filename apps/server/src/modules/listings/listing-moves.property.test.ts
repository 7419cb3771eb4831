import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { NOTICE_BIZ_TYPE } from '@portal/shared/constants/notices';
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { Db } from '../../db/client';
import {
  adminAuditLog,
  favourites,
  notices,
  secondHandListings,
  users,
} from '../../db/schema/index';
import { createRng } from '../../seed/random';
import { bearerFor } from '../news/test-helpers';
import { withTransitions } from '../transitions/index';
import { expireListings, LISTING_MOVES, type ListingMove, unansweredSince } from './listing-moves';
import {
  approveListing,
  rejectListing,
  restoreListing,
  takeDownListing,
} from './listing-review.service';
import { closeListing, confirmListing, operateListing } from './listing-state.service';
import { newCitizen, newSaleForm } from './listings-test-helpers';

/**
 * Random sequences of listing moves by the owner, an operator and the clock
 * (docs/decisions/0062-one-transition-runner.md). After every step: the listing is in the state
 * the row table says (unchanged when no row applies), every change of state left exactly one
 * audit entry whose before and after are the states around it, a refused move left none, and
 * the notices the row declares (to the owner, to followers) were written, and no others.
 */

const L = secondHandListings;
const STEPS = 60;
/** Moves the test makes, with how often. */
const MOVES: ReadonlyArray<readonly [ListingMove, number]> = [
  ['submit', 3],
  ['withdraw', 2],
  ['confirm', 2],
  ['close', 1],
  ['approve', 4],
  ['reject', 2],
  ['takeDown', 2],
  ['restore', 2],
  ['expire', 2],
  ['resubmit', 2],
];

/** Notices each row declares: to the owner, to the listing's followers (the owner aside). */
const DECLARED: Partial<
  Record<ListingMove, { owner: number; followers: number; fromPublic?: boolean }>
> = {
  withdraw: { owner: 0, followers: 1, fromPublic: true },
  close: { owner: 0, followers: 1 },
  approve: { owner: 1, followers: 0 },
  reject: { owner: 1, followers: 0 },
  takeDown: { owner: 1, followers: 1 },
  restore: { owner: 1, followers: 0 },
  expire: { owner: 1, followers: 0 },
  // Each edit names a new price, which the followers hear of.
  resubmit: { owner: 0, followers: 1 },
};

let t: TestApp;
let db: Db;
let owner: { headers: Awaited<ReturnType<typeof bearerFor>>; id: number };
let adminId: number;
let form: Awaited<ReturnType<typeof newSaleForm>>;
const FOLLOWERS = 2;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  db = t.database.db;
  owner = { headers: await bearerFor(db, '13800000001'), id: 0 };
  const [me] = await db.select({ id: users.id }).from(users).where(eq(users.phone, '13800000001'));
  owner.id = me?.id as number;
  const [admin] = await db
    .insert(users)
    .values({ phone: '13900009062', role: 'admin' })
    .returning({ id: users.id });
  adminId = admin?.id as number;
  form = await newSaleForm(t, owner.headers);
});
afterAll(async () => t.dispose());

async function newListing(): Promise<number> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/listings',
    headers: owner.headers,
    payload: form,
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().data.id as number;
  for (let i = 0; i < FOLLOWERS; i += 1) {
    const follower = await newCitizen(t, `1370906${String(id % 1000).padStart(3, '0')}${i}`);
    await db
      .insert(favourites)
      .values({ userId: follower.id, businessType: 'LISTING', businessId: id });
  }
  return id;
}

const statusOf = async (id: number) =>
  (await db.select({ s: L.publishStatus }).from(L).where(eq(L.id, id)))[0]?.s as number;

const auditsAfter = (id: number, lastId: number) =>
  db
    .select()
    .from(adminAuditLog)
    .where(
      and(
        eq(adminAuditLog.targetType, 'listing'),
        eq(adminAuditLog.targetId, id),
        gt(adminAuditLog.id, lastId),
      ),
    )
    .orderBy(asc(adminAuditLog.id));

const noticesAfter = (id: number, lastId: number) =>
  db
    .select({ id: notices.id, userId: notices.userId })
    .from(notices)
    .where(
      and(
        eq(notices.bizType, NOTICE_BIZ_TYPE.SECOND_HOUSE),
        eq(notices.bizId, id),
        gt(notices.id, lastId),
      ),
    );

const maxId = async (table: typeof notices | typeof adminAuditLog) =>
  (await db.select({ id: table.id }).from(table).orderBy(asc(table.id))).at(-1)?.id ?? 0;

/** Makes `move` on the listing as its maker would; a refusal is an answer, not a failure. */
async function make(move: ListingMove, id: number, step: number): Promise<void> {
  const attempt = async () => {
    if (move === 'submit' || move === 'withdraw')
      return operateListing(db, owner.id, id, move === 'submit' ? 1 : 4);
    if (move === 'confirm') return confirmListing(db, owner.id, id);
    if (move === 'close') return closeListing(db, owner.id, id);
    if (move === 'approve') return approveListing(db, adminId, id);
    if (move === 'reject') return rejectListing(db, adminId, id, '图片不清晰');
    if (move === 'takeDown') return takeDownListing(db, adminId, id, '信息不实');
    if (move === 'restore') return restoreListing(db, adminId, id, '核实无误');
    if (move === 'expire') {
      const now = new Date();
      await db
        .update(L)
        .set({ confirmRequestedAt: new Date(now.getTime() - 30 * 86_400_000) })
        .where(eq(L.id, id));
      await withTransitions(db, (tx) =>
        expireListings(tx, and(eq(L.id, id), unansweredSince(now)) as SQL, now, 5),
      );
      await db.update(L).set({ confirmRequestedAt: null }).where(eq(L.id, id));
      return;
    }
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/listings/${id}`,
      headers: owner.headers,
      payload: { ...form, price: form.price + step + 1 },
    });
    if (edited.statusCode >= 500) throw new Error(edited.body);
  };
  try {
    await attempt();
  } catch (error) {
    if (!(error instanceof Error) || !('code' in error)) throw error;
  }
}

describe('listing moves (random sequences of owner, operator and system moves)', () => {
  it('leave one audit entry per change of state, with its before and after, and the declared notices', async () => {
    const rng = createRng('listing-moves');
    const listings = [await newListing(), await newListing()];
    let changes = 0;
    for (let step = 0; step < STEPS; step += 1) {
      const id = rng.pick(listings);
      const move = rng.weighted(MOVES);
      const before = await statusOf(id);
      const [lastAudit, lastNotice] = [await maxId(adminAuditLog), await maxId(notices)];
      await make(move, id, step);
      const after = await statusOf(id);
      const row = LISTING_MOVES[move];
      const applies = (row.from as readonly number[]).includes(before);
      const label = `step ${step}: ${move} from ${before}`;
      // The state is what the table says, or unchanged (a row may also refuse for its own reason).
      expect([applies && row.to !== null ? row.to : before, before], label).toContain(after);
      const audits = await auditsAfter(id, lastAudit);
      const sent = await noticesAfter(id, lastNotice);
      if (after === before && applies && row.to === before) {
        // A move onto its own state (确认在售 of a published listing): audited once if made.
        expect(audits.length, label).toBeLessThanOrEqual(1);
        for (const audit of audits) expect(audit.after, label).toEqual(audit.before);
        continue;
      }
      if (after === before && move !== 'resubmit') {
        expect(audits, label).toEqual([]);
        expect(sent, label).toEqual([]);
        continue;
      }
      if (after === before) continue;
      changes += 1;
      expect(audits, label).toHaveLength(1);
      expect(audits[0]?.action, label).toBe(`listing.${move}`);
      expect(audits[0]?.before, label).toEqual({ publishStatus: before });
      expect(audits[0]?.after, label).toMatchObject({ publishStatus: after });
      const declared = DECLARED[move];
      const followers =
        declared && (!declared.fromPublic || before === LISTING_STATUS.PUBLISHED)
          ? declared.followers
          : 0;
      const toOwner = sent.filter((n) => n.userId === owner.id).length;
      expect(toOwner, label).toBe(declared?.owner ?? 0);
      expect(sent.length - toOwner, label).toBe(followers * FOLLOWERS);
      if (after === LISTING_STATUS.CLOSED) listings[listings.indexOf(id)] = await newListing();
    }
    expect(changes).toBeGreaterThan(10);
  }, 240_000);
});
