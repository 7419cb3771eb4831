import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import {
  CHECK_CODE_ALPHABET,
  CHECK_CODE_PREFIX,
  CHECK_CODE_REVOKE_REASON,
} from '@portal/shared/constants/listing-trust';
import {
  listingCheckCodes,
  listingReports,
  type listingVerifications,
  type ownershipRecords,
} from '../db/schema/index';
import { addDays, type SeedContext } from './context';
import { insertRows } from './database';
import type { ListingRow } from './listing-plan';
import type { Rng } from './random';
import type { SeededUsers } from './users';

type Verification = typeof listingVerifications.$inferInsert & { id: number };
type Ownership = typeof ownershipRecords.$inferInsert & { id: number };

const TAKE_DOWN_REASONS = [
  '经核实房源已售出，房东未及时撤回',
  '房源图片与实际房屋不符',
  '挂牌价格与实际成交意向价格严重不符',
];

/** Seeded reports: a reason and what a citizen wrote about it. */
const REPORTS = [
  { reason: 'sold', text: '上周打电话问，说这套已经卖了。' },
  { reason: 'photo', text: '去现场看了，照片是别的小区的。' },
  { reason: 'price', text: '电话里报价比网上高二十万。' },
] as const;

function checkCode(rng: Rng): string {
  let code = CHECK_CODE_PREFIX;
  for (let i = 0; i < 10; i += 1) code += rng.pick([...CHECK_CODE_ALPHABET]);
  return code;
}

/**
 * Trust data of the seeded market (docs/product/listings.md), drawn from its own generator so
 * the listings themselves stay as they were: every public listing confirmed within the last
 * 25 days with a check code; some citizens' listings 已撤回, 已下架 (code revoked), 已成交, or
 * 待确认在售, two with confirmation requests waiting; open reports on a few listings, one with
 * three reporters (hidden from search). The demo buyer's listings keep their states.
 * Mutates the listing rows before they are written; `writeListingTrust` writes the rest.
 */
export function planListingTrust(ctx: SeedContext, listings: ListingRow[], users: SeededUsers) {
  const rng = ctx.rng('listing-trust');
  const now = ctx.now;
  for (const listing of listings) {
    listing.confirmedAt = null;
    listing.confirmRequestedAt = null;
  }
  const published = listings.filter((l) => l.publishStatus === LISTING_STATUS.PUBLISHED);
  for (const listing of published) {
    const confirmed = addDays(now, -rng.real(0.2, 25));
    const publishTime = listing.publishTime as Date;
    listing.confirmedAt = confirmed < publishTime ? publishTime : confirmed;
  }
  const others = published.filter((l) => l.userId !== users.demoBuyer.id);
  const take = (count: number) => others.splice(rng.int(0, others.length - count), count);
  const each = ctx.count(3, 1);
  const takenDown = take(each);
  for (const listing of takenDown) {
    listing.publishStatus = LISTING_STATUS.TAKEN_DOWN;
    listing.reviewNote = rng.pick(TAKE_DOWN_REASONS);
    listing.reviewedAt = addDays(now, -rng.real(1, 10));
  }
  for (const listing of take(each)) listing.publishStatus = LISTING_STATUS.WITHDRAWN;
  for (const listing of take(each)) listing.publishStatus = LISTING_STATUS.CLOSED;
  for (const listing of take(each)) {
    listing.publishStatus = LISTING_STATUS.UNCONFIRMED;
    listing.confirmedAt = addDays(now, -rng.real(38, 45));
    listing.confirmRequestedAt = addDays(now, -rng.real(8, 14));
  }
  for (const listing of take(2)) {
    listing.confirmedAt = addDays(now, -rng.real(31, 35));
    listing.confirmRequestedAt = addDays(now, -rng.real(0.5, 3));
  }
  const reported = take(2);
  return { takenDown, reported, rng };
}

/**
 * Writes the check codes (one per listing that ever passed review in the seed, revoked for
 * taken-down ones) and the open reports planned by `planListingTrust`.
 */
export async function writeListingTrust(
  ctx: SeedContext,
  listings: ListingRow[],
  verifications: Verification[],
  ownership: Ownership[],
  users: SeededUsers,
  plan: ReturnType<typeof planListingTrust>,
): Promise<void> {
  const { rng } = plan;
  const takenDown = new Set(plan.takenDown.map((l) => l.id));
  const verificationOf = new Map(verifications.map((v) => [v.id, v]));
  const areaOf = new Map(ownership.map((o) => [o.id, o.area]));
  const codes: Array<typeof listingCheckCodes.$inferInsert> = [];
  for (const listing of listings) {
    if (!listing.publishTime) continue;
    const verification = verificationOf.get(listing.checkId as number);
    if (!verification) continue;
    const revoked = takenDown.has(listing.id as number);
    codes.push({
      code: checkCode(rng),
      listingId: listing.id,
      verificationId: verification.id,
      verifiedAt: verification.createdAt as Date,
      certificateType: verification.certificateType,
      districtCode: verification.areaCode,
      registeredArea: areaOf.get(verification.ownershipRecordId as number) ?? null,
      issuedAt: listing.publishTime,
      issuedBy: users.admin.id,
      revokedAt: revoked ? (listing.reviewedAt as Date) : null,
      revokeReason: revoked ? CHECK_CODE_REVOKE_REASON.TAKEN_DOWN : null,
    });
  }
  await insertRows(ctx.db, listingCheckCodes, codes);

  const reports: Array<typeof listingReports.$inferInsert> = [];
  plan.reported.forEach((listing, index) => {
    const reporters = rng
      .sample(
        users.citizens.filter((u) => u.id !== listing.userId),
        index === 0 ? 3 : 1,
      )
      .map((u) => u.id);
    reporters.forEach((reporterId, i) => {
      const report = index === 0 ? REPORTS[i % REPORTS.length] : rng.pick(REPORTS);
      reports.push({
        listingId: listing.id as number,
        reporterId,
        reason: report?.reason ?? 'other',
        description: report?.text ?? null,
        // The seeded reporters of the hidden listing count as verified or established.
        qualified: index === 0,
        createdAt: addDays(ctx.now, -rng.real(0.2, 3)),
      });
    });
  });
  await insertRows(ctx.db, listingReports, reports);
}
