import { NOTICE_BIZ_TYPE } from '@portal/shared/constants/notices';
import type { AuditAction } from '@portal/shared/schemas/audit/admin';
import {
  LOTTERY_REG_STATUS,
  LOTTERY_SLOT_STATUS,
  type LotteryRegStatus,
  type LotterySlotStatus,
} from '@portal/shared/status';
import { eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lotteryPlaces, lotteryRegistrations } from '../../db/schema/index';
import {
  type Changed,
  type Machine,
  runCreation,
  runTransition,
  type TransitionRow,
} from '../transitions/index';
import { beijingClock, queueLotterySms } from './lottery-notices';

/*
 * 摇号选房 as two state machines of the transition runner (docs/decisions/0062): a family's 意向登记
 * (submitted → approved or refused → appealing → approved or refused) and its 选房 turn (waiting →
 * active → chosen, missed, or waiting again at the end of the line). Every row declares the step's
 * notice in 我的消息 and its SMS (queued in the same transaction, docs/decisions/0067), and the
 * operators' review decisions their audit action. The draw, which writes every family's place,
 * notice and SMS in one statement, is not a row: see lottery-draw-places.ts.
 */

const LR = lotteryRegistrations;
const LP = lotteryPlaces;
const MINUTE = 60_000;

/** The batch a step names: its title opens every notice. */
export interface StepBatch {
  id: number;
  title: string;
}

/** A step's two messages to one buyer: the text in 我的消息 and the SMS (at most 35 characters). */
interface Told {
  to: number;
  notice: string;
  sms: string;
}

/**
 * The notice (after the batch's title) and the queued SMS of a step, from one declaration, so a
 * step cannot tell one and forget the other.
 */
function telling<C extends { batchId: number }, A extends { batch: StepBatch }>(
  told: (changed: Changed<C>, args: A) => Told,
): Pick<TransitionRow<C, A, string>, 'notices' | 'effects'> {
  return {
    effects: async (tx, changed, args) => {
      const { to, sms } = told(changed, args);
      await queueLotterySms(tx, { batchId: changed.batchId, userId: to, detail: sms });
    },
    notices: (changed, args) => {
      const { to, notice } = told(changed, args);
      return [{ to: [to], text: `「${args.batch.title}」${notice}` }];
    },
  };
}

// 意向登记

/** What a registration's move hands to its consequences; the first three are the audit's state. */
export interface MovedRegistration {
  status: LotteryRegStatus;
  registrationId: number;
  regNo: string;
  batchId: number;
  userId: number;
}

/**
 * A family's 意向登记. Its notices and audit entries name the batch (我的消息 opens the batch's
 * page; the audit log lists a batch's decisions); operators' decisions are audited with the
 * registration's id, number and status before and after.
 */
const REGISTRATIONS: Machine<MovedRegistration> = {
  table: LR,
  id: LR.id,
  owner: LR.userId,
  status: LR.status,
  statusKey: 'status',
  state: { status: LR.status, registrationId: LR.id, regNo: LR.regNo },
  returning: { batchId: LR.batchId, userId: LR.userId },
  targetType: 'lottery',
  noticeBizType: NOTICE_BIZ_TYPE.LOTTERY,
  subjectOf: (changed) => changed.batchId,
  audits: (actor) => actor.kind === 'operator',
};

/** What a registration's move needs: its batch. */
export interface RegistrationArgs {
  batch: StepBatch;
}

/** A new registration: the whole row but its state. */
export interface NewRegistrationArgs extends RegistrationArgs {
  values: Omit<typeof LR.$inferInsert, 'status'>;
}

/** An edit while registration is open: the family, its declarations and note. */
export interface EditedRegistrationArgs extends RegistrationArgs {
  values: Partial<Omit<typeof LR.$inferInsert, 'status'>>;
}

/** An operator's review decision, or the registrant's appeal: the reason given. */
export interface ReasonArgs extends RegistrationArgs {
  reason: string;
}

type RegistrationRow<A> = TransitionRow<MovedRegistration, A, LotteryRegStatus>;

/** The registrant is told of every step of their own registration. */
const tellRegistrant = <A extends RegistrationArgs>(
  told: (changed: Changed<MovedRegistration>, args: A) => Omit<Told, 'to'>,
) =>
  telling<MovedRegistration, A>((changed, args) => ({
    to: changed.userId,
    ...told(changed, args),
  }));

const approved = tellRegistrant<ReasonArgs>((changed) => ({
  notice: `登记号 ${changed.regNo} 资格审核通过。`,
  sms: `登记号${changed.regNo}资格审核通过`,
}));

/**
 * An operator's decision on a registration in `from` (审核中, or 申诉中 for the final one):
 * approved, its reason cleared, or refused with the reason the registrant reads; audited as
 * `audit` with the reason as typed (also with an approval), the registrant told by `tell`.
 */
function decisionRow(
  from: LotteryRegStatus,
  approve: boolean,
  audit: AuditAction,
  tell: Pick<RegistrationRow<ReasonArgs>, 'notices' | 'effects'>,
): RegistrationRow<ReasonArgs> {
  return {
    from: [from],
    to: approve ? LOTTERY_REG_STATUS.APPROVED : LOTTERY_REG_STATUS.REFUSED,
    set: (args) => ({ reason: approve ? null : args.reason }),
    audit,
    auditDetails: (_, args) => ({ reason: args.reason || null }),
    ...tell,
  };
}

/**
 * Every step of a 意向登记 (docs/product/lottery.md), each row with its consequences. The
 * registrant's own steps are not audited; the operators' four decisions are, the reason (as typed,
 * also with an approval) added to the after.
 */
export const REGISTRATION_MOVES = {
  /** A family registers while registration is open: 审核中. */
  submit: {
    from: [],
    to: LOTTERY_REG_STATUS.SUBMITTED,
    set: (args) => args.values,
    ...tellRegistrant((changed) => ({
      notice: `意向登记已提交（登记号 ${changed.regNo}），请等待资格审核。`,
      sms: `意向登记已提交（${changed.regNo}），请等待资格审核`,
    })),
  } satisfies RegistrationRow<NewRegistrationArgs>,
  /** An edit while registration is open puts any registration back to 审核中, its decision gone. */
  edit: {
    from: Object.values(LOTTERY_REG_STATUS),
    to: LOTTERY_REG_STATUS.SUBMITTED,
    set: (args) => ({ ...args.values, reason: null, appealReason: null, appealed: false }),
    ...tellRegistrant((changed) => ({
      notice: `意向登记已修改（登记号 ${changed.regNo}），请等待资格审核。`,
      sms: `意向登记已修改（${changed.regNo}），请等待资格审核`,
    })),
  } satisfies RegistrationRow<EditedRegistrationArgs>,
  /** A refused registrant appeals once, before review closes: 申诉中. */
  appeal: {
    from: [LOTTERY_REG_STATUS.REFUSED],
    to: LOTTERY_REG_STATUS.APPEALING,
    where: () => [eq(LR.appealed, false)],
    set: (args) => ({ appealReason: args.reason, appealed: true }),
    ...tellRegistrant(() => ({
      notice: '申诉已提交，请等待复核结果。',
      sms: '申诉已提交，请等待复核结果',
    })),
  } satisfies RegistrationRow<ReasonArgs>,
  /** Operators approve a 审核中 registration. */
  approve: decisionRow(LOTTERY_REG_STATUS.SUBMITTED, true, 'lottery.approve', approved),
  /** Operators refuse it with a reason; the registrant may appeal once. */
  refuse: decisionRow(
    LOTTERY_REG_STATUS.SUBMITTED,
    false,
    'lottery.refuse',
    tellRegistrant<ReasonArgs>((changed, args) => ({
      notice: `登记号 ${changed.regNo} 资格审核未通过：${args.reason}。如有异议可在审核截止前申诉一次。`,
      sms: `登记号${changed.regNo}资格审核未通过，详见我的摇号`,
    })),
  ),
  /** The second, final decision on an appeal: approved. */
  appealApprove: decisionRow(LOTTERY_REG_STATUS.APPEALING, true, 'lottery.appealApprove', approved),
  /** The second, final decision on an appeal: refused again. */
  appealRefuse: decisionRow(
    LOTTERY_REG_STATUS.APPEALING,
    false,
    'lottery.appealRefuse',
    tellRegistrant<ReasonArgs>((changed, args) => ({
      notice: `登记号 ${changed.regNo} 资格审核未通过：${args.reason}（复核结果）。`,
      sms: `登记号${changed.regNo}复核未通过，详见我的摇号`,
    })),
  ),
};

/** A family's new registration, by the registrant. */
export function submitRegistration(
  tx: Db,
  userId: number,
  args: NewRegistrationArgs,
  at: Date,
): Promise<Changed<MovedRegistration> | undefined> {
  return runCreation(
    tx,
    REGISTRATIONS,
    REGISTRATION_MOVES.submit,
    { kind: 'owner', userId },
    args,
    at,
  );
}

/** The registrant's edit of their own registration (back to 审核中). */
export function editRegistration(
  tx: Db,
  id: number,
  userId: number,
  args: EditedRegistrationArgs,
  at: Date,
): Promise<Changed<MovedRegistration> | undefined> {
  return runTransition(
    tx,
    REGISTRATIONS,
    REGISTRATION_MOVES.edit,
    id,
    { kind: 'owner', userId },
    args,
    at,
  );
}

/** The registrant's one appeal of a refusal; undefined when it is not refused or already appealed. */
export function appealRefusal(
  tx: Db,
  id: number,
  userId: number,
  args: ReasonArgs,
  at: Date,
): Promise<Changed<MovedRegistration> | undefined> {
  return runTransition(
    tx,
    REGISTRATIONS,
    REGISTRATION_MOVES.appeal,
    id,
    { kind: 'owner', userId },
    args,
    at,
  );
}

/**
 * An operator's decision on a registration: the first (from 审核中) or, on an appeal (from 申诉中),
 * the final one. Undefined when the registration is no longer in that state.
 */
export function decideOnRegistration(
  tx: Db,
  id: number,
  adminId: number,
  decision: { appeal: boolean; approve: boolean },
  args: ReasonArgs,
  at: Date,
): Promise<Changed<MovedRegistration> | undefined> {
  const moves = REGISTRATION_MOVES;
  const row: RegistrationRow<ReasonArgs> = decision.appeal
    ? decision.approve
      ? moves.appealApprove
      : moves.appealRefuse
    : decision.approve
      ? moves.approve
      : moves.refuse;
  return runTransition(tx, REGISTRATIONS, row, id, { kind: 'operator', adminId }, args, at);
}

// 选房 turns

/** What a turn's move hands to its consequences. */
export interface MovedTurn {
  slotStatus: LotterySlotStatus;
  batchId: number;
  chooseOrder: number;
  endsAt: Date | null;
}

/**
 * A family's place in the 选房 line (`lottery_places`, one per registration, keyed by it). The
 * line moves it: every move is the system's (the buyer's choice is checked by lottery-turns.ts
 * under the batch's lock before the move), so the owner condition of an owner's move never
 * applies; the place has no buyer column and its registration stands for it. Not audited.
 */
const TURNS: Machine<MovedTurn> = {
  table: LP,
  id: LP.registrationId,
  owner: LP.registrationId,
  status: LP.slotStatus,
  statusKey: 'slotStatus',
  state: { slotStatus: LP.slotStatus },
  returning: { batchId: LP.batchId, chooseOrder: LP.chooseOrder, endsAt: LP.endsAt },
  targetType: 'lottery',
  noticeBizType: NOTICE_BIZ_TYPE.LOTTERY,
  subjectOf: (changed) => changed.batchId,
  audits: () => false,
};

/** What a turn's move needs: the batch and the buyer whose place it is. */
export interface TurnArgs {
  batch: StepBatch & { slotMinutes: number };
  userId: number;
}

type TurnRow<A = TurnArgs> = TransitionRow<MovedTurn, A, LotterySlotStatus>;

/** The buyer is told of every step of their own turn. */
const tellBuyer = <A extends TurnArgs>(
  told: (changed: Changed<MovedTurn>, args: A) => Omit<Told, 'to'>,
) => telling<MovedTurn, A>((changed, args) => ({ to: args.userId, ...told(changed, args) }));

/** Every step of a 选房 turn (docs/product/lottery.md, 选房), each row with its consequences. */
export const TURN_MOVES = {
  /** The next waiting buyer's turn starts now and lasts one whole slot. */
  start: {
    from: [LOTTERY_SLOT_STATUS.WAITING],
    to: LOTTERY_SLOT_STATUS.ACTIVE,
    set: (args, at) => ({
      startsAt: at,
      endsAt: new Date(at.getTime() + args.batch.slotMinutes * MINUTE),
    }),
    ...tellBuyer((changed, args) => ({
      notice: `轮到您选房了（第 ${changed.chooseOrder} 号），请在 ${args.batch.slotMinutes} 分钟内选定房源并提交订单。`,
      sms: `轮到您选房（第${changed.chooseOrder}号），请于${beijingClock(changed.endsAt!)}前提交订单`,
    })),
  } satisfies TurnRow,
  /** The turn ran out and the batch sends a missed turn once to the end of the line. */
  sendToEnd: {
    from: [LOTTERY_SLOT_STATUS.ACTIVE],
    to: LOTTERY_SLOT_STATUS.WAITING,
    set: (args) => ({ lineNo: args.lineNo, startsAt: null, endsAt: null }),
    ...tellBuyer(() => ({
      notice: '您的选房时间已过，已排到队尾。',
      sms: '您的选房时间已过，已排到队尾',
    })),
  } satisfies TurnRow<TurnArgs & { lineNo: number }>,
  /** The turn ran out for good: 已过号. */
  miss: {
    from: [LOTTERY_SLOT_STATUS.ACTIVE],
    to: LOTTERY_SLOT_STATUS.MISSED,
    ...tellBuyer(() => ({
      notice: '您的选房时间已过，本次选房资格已失效。',
      sms: '您的选房时间已过，本次选房资格已失效',
    })),
  } satisfies TurnRow,
  /** The buyer's order took a room in their turn; the turn ends now (the order tells the rest). */
  choose: {
    from: [LOTTERY_SLOT_STATUS.ACTIVE],
    to: LOTTERY_SLOT_STATUS.CHOSEN,
    set: (args, at) => ({ chosenRoomId: args.roomId, endsAt: at }),
  } satisfies TurnRow<TurnArgs & { roomId: number }>,
  /** The buyer next in line is told, once, that their turn is near (the state is kept). */
  remind: {
    from: [LOTTERY_SLOT_STATUS.WAITING],
    to: null,
    where: () => [isNull(LP.remindedAt)],
    set: (_, at) => ({ remindedAt: at }),
    ...tellBuyer((changed) => ({
      notice: `快轮到您选房了（第 ${changed.chooseOrder} 号），请留意 我的摇号。`,
      sms: `快轮到您选房了（第${changed.chooseOrder}号），请留意我的摇号`,
    })),
  } satisfies TurnRow,
};

/** The moves of a turn that need no more than the batch and the buyer. */
type PlainTurnMove = 'start' | 'miss' | 'remind';

/** A move of one family's turn (by its registration), made by the line. */
export function moveTurn(
  tx: Db,
  registrationId: number,
  move: PlainTurnMove,
  args: TurnArgs,
  at: Date,
): Promise<Changed<MovedTurn> | undefined> {
  const row: TurnRow = TURN_MOVES[move];
  return runTransition(tx, TURNS, row, registrationId, { kind: 'system' }, args, at);
}

/** A missed turn sent once to the end of the line, at `lineNo`. */
export function sendTurnToEnd(
  tx: Db,
  registrationId: number,
  args: TurnArgs & { lineNo: number },
  at: Date,
): Promise<Changed<MovedTurn> | undefined> {
  return runTransition(
    tx,
    TURNS,
    TURN_MOVES.sendToEnd,
    registrationId,
    { kind: 'system' },
    args,
    at,
  );
}

/** The room the buyer's order took in their running turn. */
export function chooseInTurn(
  tx: Db,
  registrationId: number,
  args: TurnArgs & { roomId: number },
  at: Date,
): Promise<Changed<MovedTurn> | undefined> {
  return runTransition(tx, TURNS, TURN_MOVES.choose, registrationId, { kind: 'system' }, args, at);
}
