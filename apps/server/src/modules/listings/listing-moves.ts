import {
  LISTING_STATUS,
  type ListingStatusCode,
  listingStatusLabel,
  statesAllowing,
} from '@portal/shared/constants/listing-status';
import {
  CHECK_CODE_REVOKE_REASON,
  LISTING_REPORT_STATUS,
} from '@portal/shared/constants/listing-trust';
import { LISTING_TYPE } from '@portal/shared/constants/listings';
import { NOTICE_BIZ_TYPE } from '@portal/shared/constants/notices';
import { and, isNotNull, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { secondHandListings } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { invalidateProjectReads } from '../../lib/read-cache';
import { favouriteHolders } from '../favourites/index';
import {
  type Changed,
  type DeclaredNotice,
  type Machine,
  runCreation,
  runTransition,
  runTransitionOn,
  type TransitionActor,
  type TransitionRow,
} from '../transitions/index';
import { ensureCheckCode, revokeCheckCode } from './check-codes.service';
import { priceText } from './listing-notices';
import { closeOpenReports } from './report-outcomes';

const L = secondHandListings;
const { PENDING, PUBLISHED, REJECTED, WITHDRAWN, TAKEN_DOWN, UNCONFIRMED, CLOSED } = LISTING_STATUS;

/** What a listing's move hands to its consequences. */
export interface MovedListing {
  publishStatus: number;
  userId: number;
  title: string;
  type: number;
  price: number;
}

/** Second-hand listings as a state machine of the transition runner (docs/decisions/0062). */
const LISTINGS: Machine<MovedListing> = {
  table: L,
  id: L.id,
  owner: L.userId,
  status: L.publishStatus,
  statusKey: 'publishStatus',
  state: { publishStatus: L.publishStatus },
  returning: { userId: L.userId, title: L.title, type: L.type, price: L.price },
  touch: (at) => ({ updatedAt: at }),
  targetType: 'listing',
  noticeBizType: NOTICE_BIZ_TYPE.SECOND_HOUSE,
  // Every move of a listing is in the audit log: the owner's, the operator's and the clock's.
  audits: () => true,
};

/** Everything a move may need: the listing as it was read, an operator's reason, edited values. */
export interface MoveArgs {
  existing?: { id: number; checkId: number | null; type: number; price: number; title: string };
  reason?: string;
  values?: Record<string, unknown>;
  /** The operator of an operator's move (set by `moveListing`). */
  operatorId?: number;
  ownershipChanged?: boolean;
  /** The edit's children (pictures, tags), written in the move's transaction. */
  writeChildren?: (tx: Db, listingId: number) => Promise<void>;
}

type Row = TransitionRow<MovedListing, MoveArgs> & {
  by: TransitionActor['kind'];
  /** The verb of a refusal: 房源当前状态为「已发布」，不能<verb>. */
  verb: string;
};

const toOwner = (o: Changed<MovedListing>, text: string): DeclaredNotice => ({
  to: [o.userId],
  text,
});
/** Everyone who favourited the listing, its owner aside. */
const toFollowers = (o: Changed<MovedListing>, text: string): DeclaredNotice => ({
  to: async (tx) => (await favouriteHolders(tx, 'LISTING', o.id)).filter((id) => id !== o.userId),
  text,
});
const priceChange = (o: Changed<MovedListing>, args: MoveArgs) =>
  `价格由${priceText(o.type, args.existing?.price ?? o.price)}调整为${priceText(o.type, o.price)}`;
const priceChanged = (o: Changed<MovedListing>, args: MoveArgs) =>
  args.existing !== undefined && args.existing.price !== o.price;
const editable = statesAllowing('edit').filter((s) => s !== PUBLISHED);
const ALL_STATES = Object.values(LISTING_STATUS) as ListingStatusCode[];

/**
 * Every change of a listing's state, in one table (docs/product/listings.md), each row with its
 * consequences. The owner's moves start from the states whose actions allow them
 * (`LISTING_ACTIONS` in packages/shared); creation, the edit of a published listing (back to
 * 待审核) and the freshness job's batch expiry are rows like the others.
 */
export const LISTING_MOVES = {
  create: {
    by: 'owner',
    from: [],
    to: PENDING,
    verb: '发布',
    set: (args) => ({ ...args.values }),
    effects: (tx, o, args) => args.writeChildren?.(tx, o.id) ?? Promise.resolve(),
    audit: 'listing.create',
  },
  submit: {
    by: 'owner',
    from: statesAllowing('submit'),
    to: PENDING,
    verb: '提交审核',
    set: () => ({ reviewNote: null, confirmRequestedAt: null }),
    audit: 'listing.submit',
  },
  withdraw: {
    by: 'owner',
    from: statesAllowing('withdraw'),
    to: WITHDRAWN,
    verb: '撤回',
    set: () => ({ reviewNote: null, confirmRequestedAt: null }),
    notices: (o, _, __, before) =>
      before?.publishStatus === PUBLISHED
        ? [toFollowers(o, `您收藏的房源「${o.title}」已被房东撤回。`)]
        : [],
    audit: 'listing.withdraw',
  },
  confirm: {
    by: 'owner',
    from: statesAllowing('confirm'),
    to: PUBLISHED,
    verb: '确认在售',
    set: (_, at) => ({ confirmedAt: at, confirmRequestedAt: null }),
    // Like every way to 已发布, only with a valid check code (70008 when it no longer passes).
    effects: async (tx, o, args, at, before) => {
      if (before?.publishStatus === UNCONFIRMED && args.existing)
        await ensureCheckCode(tx, args.existing, null, at);
    },
    audit: 'listing.confirm',
  },
  close: {
    by: 'owner',
    from: statesAllowing('close'),
    to: CLOSED,
    verb: '标记为已成交',
    set: () => ({ confirmRequestedAt: null, reviewNote: null }),
    notices: (o) => [
      toFollowers(
        o,
        `您收藏的房源「${o.title}」${o.type === LISTING_TYPE.SALE ? '已售出' : '已出租'}。`,
      ),
    ],
    audit: 'listing.close',
  },
  /** An edit of a published listing sends it back to review; followers hear of a new price. */
  resubmit: {
    by: 'owner',
    from: [PUBLISHED],
    to: PENDING,
    verb: '编辑',
    set: (args) => ({
      ...args.values,
      correctionNote: null,
      correctionRequestedAt: null,
      confirmRequestedAt: null,
    }),
    effects: editEffects,
    notices: (o, args) =>
      priceChanged(o, args)
        ? [
            toFollowers(
              o,
              `您收藏的房源「${o.title}」${priceChange(o, args)}，修改后的房源正在重新审核。`,
            ),
          ]
        : [],
    audit: 'listing.resubmit',
    priceMark: 'owner',
    invalidates: [invalidateProjectReads],
  },
  /** An edit of a listing not on the public pages keeps its state; the owner submits it. */
  edit: {
    by: 'owner',
    from: editable,
    to: null,
    verb: '编辑',
    set: (args) => ({ ...args.values, correctionNote: null, correctionRequestedAt: null }),
    effects: editEffects,
    priceMark: 'owner',
    invalidates: [invalidateProjectReads],
  },
  reprice: {
    by: 'owner',
    from: statesAllowing('reprice'),
    to: null,
    verb: '调价',
    set: (args) => ({ ...args.values }),
    notices: (o, args) => [toFollowers(o, `您收藏的房源「${o.title}」${priceChange(o, args)}。`)],
    priceMark: 'owner',
    invalidates: [invalidateProjectReads],
  },
  approve: {
    by: 'operator',
    from: [PENDING],
    to: PUBLISHED,
    verb: '审核通过',
    set: (_, at) => ({
      publishTime: at,
      confirmedAt: at,
      confirmRequestedAt: null,
      reviewNote: null,
    }),
    effects: async (tx, _, args, at) => {
      if (args.existing) await ensureCheckCode(tx, args.existing, reviewerOf(args), at);
    },
    notices: (o) => [toOwner(o, `您发布的二手房源「${o.title}」已通过审核，现已发布。`)],
    audit: 'listing.approve',
  },
  reject: {
    by: 'operator',
    from: [PENDING],
    to: REJECTED,
    verb: '驳回',
    set: (args) => ({ reviewNote: args.reason }),
    notices: (o, args) => [toOwner(o, `您发布的二手房源「${o.title}」未通过审核：${args.reason}`)],
    audit: 'listing.reject',
    auditDetails: (_, args) => ({ reason: args.reason }),
  },
  takeDown: {
    by: 'operator',
    from: [PUBLISHED, UNCONFIRMED],
    to: TAKEN_DOWN,
    verb: '下架',
    set: (args) => ({ reviewNote: args.reason, confirmRequestedAt: null }),
    effects: async (tx, o, args, at) => {
      await revokeCheckCode(tx, o.id, CHECK_CODE_REVOKE_REASON.TAKEN_DOWN, at);
      await closeOpenReports(
        tx,
        { id: o.id, title: o.title },
        LISTING_REPORT_STATUS.TAKEN_DOWN,
        args.reason ?? '',
        reviewerOf(args) ?? 0,
        at,
      );
    },
    notices: (o, args) => [
      toOwner(o, `您发布的二手房源「${o.title}」已被平台下架：${args.reason}`),
      toFollowers(o, `您收藏的房源「${o.title}」已下架。`),
    ],
    audit: 'listing.takeDown',
    auditDetails: (_, args) => ({ reason: args.reason }),
  },
  restore: {
    by: 'operator',
    from: [TAKEN_DOWN],
    to: PUBLISHED,
    verb: '恢复发布',
    set: (_, at) => ({ reviewNote: null, confirmedAt: at, confirmRequestedAt: null }),
    effects: async (tx, _, args, at) => {
      if (args.existing) await ensureCheckCode(tx, args.existing, reviewerOf(args), at);
    },
    notices: (o, args) => [toOwner(o, `您发布的二手房源「${o.title}」已恢复发布：${args.reason}`)],
    audit: 'listing.restore',
    auditDetails: (_, args) => ({ reason: args.reason }),
  },
  /** The freshness job: a request unanswered past its grace period hides the listing. */
  expire: {
    by: 'system',
    from: [PUBLISHED],
    to: UNCONFIRMED,
    verb: '暂停展示',
    notices: (o) => [
      toOwner(
        o,
        `您发布的房源「${o.title}」逾期未确认在售，已暂停展示。在“我的二手房”确认在售后即恢复展示。`,
      ),
    ],
    audit: 'listing.expire',
  },
  /** A closed account's listing kept for its reports: withdrawn, without the contact phone. */
  retire: {
    by: 'system',
    from: ALL_STATES,
    to: WITHDRAWN,
    verb: '撤回',
    set: () => ({ userPhone: null }),
    audit: 'listing.retire',
  },
} as const satisfies Record<string, Row>;
export type ListingMove = keyof typeof LISTING_MOVES;

const reviewerOf = (args: MoveArgs): number | null => args.operatorId ?? null;

/** What an edit changes beside the listing row: the check code and its pictures and tags. */
async function editEffects(tx: Db, o: Changed<MovedListing>, args: MoveArgs): Promise<void> {
  if (args.ownershipChanged) await revokeCheckCode(tx, o.id, 'ownership_changed');
  await args.writeChildren?.(tx, o.id);
}

/** The refusal of an action not allowed in the listing's state (409, naming the state). */
export function stateError(verb: string, status: number): AppError {
  return new AppError(
    'LISTING_STATE_INVALID',
    `房源当前状态为「${listingStatusLabel(status)}」，不能${verb}`,
  );
}

/** The actor of a move made by `by` for `userId` (the owner or the operator). */
function actorOf(move: ListingMove, userId: number | undefined): TransitionActor {
  const { by } = LISTING_MOVES[move];
  if (by === 'owner') return { kind: 'owner', userId: userId ?? 0 };
  if (by === 'operator') return { kind: 'operator', adminId: userId ?? 0 };
  return { kind: 'system' };
}

/**
 * Makes one move through the runner, as a conditional update (only from the row's states, and
 * for an owner's move only on their own listing), so two racing requests cannot both make it.
 * `currentStatus` names the state in the refusal when the listing did not match.
 */
export async function moveListing(
  tx: Db,
  id: number,
  move: ListingMove,
  options: { by?: number; args?: MoveArgs; currentStatus: number; at?: Date },
): Promise<Changed<MovedListing>> {
  const row = LISTING_MOVES[move] as Row;
  const at = options.at ?? new Date();
  const args = { ...options.args, ...(row.by === 'operator' ? { operatorId: options.by } : {}) };
  const changed = await runTransition(
    tx,
    LISTINGS,
    operatorSet(row),
    id,
    actorOf(move, options.by),
    args,
    at,
  );
  if (!changed) throw stateError(row.verb, options.currentStatus);
  return changed;
}

/** An operator's row also records who reviewed it and when. */
function operatorSet(row: Row): Row {
  if (row.by !== 'operator') return row;
  return {
    ...row,
    set: async (args, at, tx) => ({
      ...(await row.set?.(args, at, tx)),
      reviewedAt: at,
      reviewerId: reviewerOf(args),
    }),
  };
}

/** A new listing, inserted 待审核 through the creation row. */
export async function createListingRow(
  tx: Db,
  userId: number,
  args: MoveArgs,
): Promise<Changed<MovedListing>> {
  const created = await runCreation(
    tx,
    LISTINGS,
    LISTING_MOVES.create,
    { kind: 'owner', userId },
    args,
    new Date(),
  );
  if (!created) throw new AppError('INTERNAL_ERROR');
  return created;
}

/** The expire row over the listings `overdue` selects, up to `limit`; answers how many moved. */
export async function expireListings(
  tx: Db,
  overdue: SQL,
  at: Date,
  limit: number,
): Promise<number> {
  const moved = await runTransitionOn(
    tx,
    LISTINGS,
    LISTING_MOVES.expire,
    overdue,
    { kind: 'system' },
    {},
    at,
    limit,
  );
  return moved.length;
}

/** The retire row over a closed account's kept listings. */
export async function retireListings(tx: Db, where: SQL, at: Date): Promise<number> {
  const moved = await runTransitionOn(
    tx,
    LISTINGS,
    LISTING_MOVES.retire,
    where,
    { kind: 'system' },
    {},
    at,
  );
  return moved.length;
}

/** Whether a move may start from a state (to answer before doing any work). */
export function canMove(move: ListingMove, status: number): boolean {
  return (LISTING_MOVES[move].from as readonly number[]).includes(status);
}

/** The overdue condition of the freshness job, for `expireListings`. */
export const unansweredSince = (limit: Date) =>
  and(isNotNull(L.confirmRequestedAt), lte(L.confirmRequestedAt, limit)) as SQL;
