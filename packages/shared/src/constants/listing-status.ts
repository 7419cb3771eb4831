/**
 * The states of a second-hand listing, their labels and what the owner may do in each: the one
 * home of these rules (docs/product/listings.md). The API carries the number (`publishStatus`);
 * code compares by name (`LISTING_STATUS.PUBLISHED`), never by a bare number.
 */
export const LISTING_STATUS = {
  /** Saved, never submitted. */
  DRAFT: 1,
  /** Waiting for an operator's review. */
  PENDING: 2,
  /** Public: in search, on its detail page, with a valid check code. */
  PUBLISHED: 3,
  /** Refused by an operator; the reason is the current `reviewNote`. */
  REJECTED: 4,
  /** Taken back by its owner. */
  WITHDRAWN: 5,
  /** Taken off the site by an operator; the reason is the current `reviewNote`. */
  TAKEN_DOWN: 6,
  /** The owner did not confirm within the grace period that it is still available. */
  UNCONFIRMED: 7,
  /** The owner sold or let it (已成交). */
  CLOSED: 8,
} as const;
export type ListingStatusName = keyof typeof LISTING_STATUS;
export type ListingStatusCode = (typeof LISTING_STATUS)[ListingStatusName];

/** Every state's label, as owners, visitors and operators read it. */
export const LISTING_STATUS_LABEL: Record<ListingStatusCode, string> = {
  [LISTING_STATUS.DRAFT]: '待发布',
  [LISTING_STATUS.PENDING]: '待审核',
  [LISTING_STATUS.PUBLISHED]: '已发布',
  [LISTING_STATUS.REJECTED]: '已驳回',
  [LISTING_STATUS.WITHDRAWN]: '已撤回',
  [LISTING_STATUS.TAKEN_DOWN]: '已下架',
  [LISTING_STATUS.UNCONFIRMED]: '待确认在售',
  [LISTING_STATUS.CLOSED]: '已成交',
};

/** Every state code, in order (for checks and console tabs). */
export const LISTING_STATUS_CODES = Object.values(LISTING_STATUS) as ListingStatusCode[];

/** Whether a number is one of the listing states. */
export function isListingStatus(value: number): value is ListingStatusCode {
  return (LISTING_STATUS_CODES as number[]).includes(value);
}

/** The label of a state; 未知状态 for a number that is none. */
export function listingStatusLabel(status: number): string {
  return isListingStatus(status) ? LISTING_STATUS_LABEL[status] : '未知状态';
}

/**
 * What the owner may do: edit (the dialog), submit for review, delete, withdraw, confirm it is
 * still available (确认在售), change the price (调价), and close it as sold or let (已成交).
 */
export type ListingAction =
  'edit' | 'submit' | 'delete' | 'withdraw' | 'confirm' | 'reprice' | 'close';

const { DRAFT, PENDING, PUBLISHED, REJECTED, WITHDRAWN, TAKEN_DOWN, UNCONFIRMED, CLOSED } =
  LISTING_STATUS;

/**
 * The owner's actions in each state. 已撤回 and 已下架 keep the actions of 已驳回 (edit, submit,
 * delete); editing a published listing sends it back to review.
 */
export const LISTING_ACTIONS: Record<ListingStatusCode, readonly ListingAction[]> = {
  [DRAFT]: ['edit', 'submit', 'delete'],
  [PENDING]: ['withdraw'],
  [PUBLISHED]: ['edit', 'reprice', 'confirm', 'close', 'withdraw'],
  [REJECTED]: ['edit', 'submit', 'delete'],
  [WITHDRAWN]: ['edit', 'submit', 'delete'],
  [TAKEN_DOWN]: ['edit', 'submit', 'delete'],
  [UNCONFIRMED]: ['confirm', 'close', 'withdraw'],
  [CLOSED]: ['delete'],
};

/** Whether `action` is allowed for a listing in `status`. */
export function canListingDo(status: number, action: ListingAction): boolean {
  return isListingStatus(status) && LISTING_ACTIONS[status].includes(action);
}

/** The states an action starts from, e.g. `statesAllowing('submit')` → 待发布, 已驳回, 已撤回, 已下架. */
export function statesAllowing(action: ListingAction): ListingStatusCode[] {
  return LISTING_STATUS_CODES.filter((status) => LISTING_ACTIONS[status].includes(action));
}

/** Audit operations of `POST /api/listings/:id/audit`: 1 submit for review, 4 withdraw. */
export const AUDIT_OPERATION = { SUBMIT: 1, WITHDRAW: 4 } as const;

/** The freshness rule, in days (docs/product/listings.md). */
export const LISTING_FRESHNESS = {
  /** A published listing is confirmed by its owner at least this often. */
  confirmEveryDays: 30,
  /** Without an answer this long after the request, it leaves search (待确认在售). */
  graceDays: 7,
} as const;

/**
 * A listing's state as a citizen who does not own it may read it (a favourite, a check code):
 * 在售 while public; 已成交, 已撤回, 已下架 as they are; any other state is 暂停展示 (under
 * review again, or waiting for the owner's confirmation).
 */
export function publicListingState(status: number): string {
  if (status === PUBLISHED) return '在售';
  if (status === CLOSED || status === WITHDRAWN || status === TAKEN_DOWN)
    return LISTING_STATUS_LABEL[status];
  return '暂停展示';
}
