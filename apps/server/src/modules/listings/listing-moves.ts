import {
  LISTING_STATUS,
  type ListingStatusCode,
  listingStatusLabel,
  statesAllowing,
} from '@portal/shared/constants/listing-status';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { secondHandListings } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

const L = secondHandListings;
const { PENDING, PUBLISHED, REJECTED, WITHDRAWN, TAKEN_DOWN, UNCONFIRMED, CLOSED } = LISTING_STATUS;

/** Who may make a move: the listing's owner, an operator, or the freshness job. */
type Actor = 'owner' | 'operator' | 'system';

interface Move {
  by: Actor;
  from: readonly ListingStatusCode[];
  to: ListingStatusCode;
  /** The verb of a refusal: 房源当前状态为「已发布」，不能<verb>. */
  verb: string;
}

/**
 * Every change of a listing's state, in one table (docs/product/listings.md). The owner's
 * moves start from the states whose actions allow them (`LISTING_ACTIONS` in packages/shared).
 * An edit of a published listing is the one move not listed: it is part of the edit
 * (`listings.service.ts`) and goes to 待审核 like `submit`.
 */
export const LISTING_MOVES = {
  submit: { by: 'owner', from: statesAllowing('submit'), to: PENDING, verb: '提交审核' },
  withdraw: { by: 'owner', from: statesAllowing('withdraw'), to: WITHDRAWN, verb: '撤回' },
  confirm: { by: 'owner', from: statesAllowing('confirm'), to: PUBLISHED, verb: '确认在售' },
  close: { by: 'owner', from: statesAllowing('close'), to: CLOSED, verb: '标记为已成交' },
  approve: { by: 'operator', from: [PENDING], to: PUBLISHED, verb: '审核通过' },
  reject: { by: 'operator', from: [PENDING], to: REJECTED, verb: '驳回' },
  takeDown: { by: 'operator', from: [PUBLISHED, UNCONFIRMED], to: TAKEN_DOWN, verb: '下架' },
  restore: { by: 'operator', from: [TAKEN_DOWN], to: PUBLISHED, verb: '恢复发布' },
  expire: { by: 'system', from: [PUBLISHED], to: UNCONFIRMED, verb: '暂停展示' },
} as const satisfies Record<string, Move>;
export type ListingMove = keyof typeof LISTING_MOVES;

/** The refusal of an action not allowed in the listing's state (409, naming the state). */
export function stateError(verb: string, status: number): AppError {
  return new AppError(
    'LISTING_STATE_INVALID',
    `房源当前状态为「${listingStatusLabel(status)}」，不能${verb}`,
  );
}

type ListingValues = Partial<typeof secondHandListings.$inferInsert>;

/**
 * Makes one move as a conditional update (`where publish_status in (from)`), so two racing
 * requests or job instances cannot both make it. `ownerId` limits the update to that owner's
 * listing. `currentStatus` names the state in the refusal when the row did not match.
 */
export async function moveListing(
  db: Db,
  id: number,
  move: ListingMove,
  options: { set?: ListingValues; ownerId?: number; currentStatus: number },
): Promise<{ userId: number; title: string; type: number; price: number }> {
  const rule = LISTING_MOVES[move];
  const where: SQL[] = [eq(L.id, id), inArray(L.publishStatus, [...rule.from])];
  if (options.ownerId !== undefined) where.push(eq(L.userId, options.ownerId));
  const [row] = await db
    .update(L)
    .set({ ...options.set, publishStatus: rule.to, updatedAt: new Date() })
    .where(and(...where))
    .returning({ userId: L.userId, title: L.title, type: L.type, price: L.price });
  if (!row) throw stateError(rule.verb, options.currentStatus);
  return row;
}

/** Whether a move may start from a state (to answer before doing any work). */
export function canMove(move: ListingMove, status: number): boolean {
  return (LISTING_MOVES[move].from as readonly number[]).includes(status);
}
