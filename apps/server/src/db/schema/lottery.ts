import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { encryptedText } from '../identity-cipher';
import { createdAt, idColumn, timestampTz, updatedAt } from './columns';
import { projects } from './projects';
import { users } from './users';

/**
 * 摇号 batches (docs/product/lottery.md): the rooms, the registration, review and draw times, the
 * rules, and, once published, the canonical qualified list with its SHA-256 (the commitment,
 * never changed after `committed_at`) and the fetched random value with the draw time.
 */
export const lotteryBatches = pgTable('lottery_batches', {
  id: idColumn(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'restrict' }),
  /** Room ids of the batch (摇号房源). */
  roomIds: jsonb('room_ids').$type<number[]>().notNull(),
  prioritySharePct: smallint('priority_share_pct').notNull(),
  /** Qinhuangdao 户籍 or at least this many months of local social insurance. */
  insuranceMonths: smallint('insurance_months').notNull(),
  description: text('description').notNull().default(''),
  regOpensAt: timestampTz('reg_opens_at').notNull(),
  regClosesAt: timestampTz('reg_closes_at').notNull(),
  reviewClosesAt: timestampTz('review_closes_at').notNull(),
  drawAt: timestampTz('draw_at').notNull(),
  slotMinutes: smallint('slot_minutes').notNull(),
  /** A missed 选房 turn goes to the end of the line (true) or is lost (false). */
  missedGoesLast: boolean('missed_goes_last').notNull(),
  beacon: text('beacon').notNull(),
  beaconRound: integer('beacon_round').notNull(),
  listText: text('list_text'),
  listHash: text('list_hash'),
  committedAt: timestampTz('committed_at'),
  randomness: text('randomness'),
  beaconSignature: text('beacon_signature'),
  drawnAt: timestampTz('drawn_at'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One family's 意向登记 in a batch; `reg_no` is the public registration number. */
export const lotteryRegistrations = pgTable(
  'lottery_registrations',
  {
    id: idColumn(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => lotteryBatches.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    regNo: text('reg_no').notNull(),
    applicantName: encryptedText('applicant_name').notNull(),
    applicantId: encryptedText('applicant_id').notNull(),
    /** Family members with encrypted ID numbers: [{ relation, name, idCard }]. */
    members: jsonb('members').$type<Array<{ relation: string; name: string; idCard: string }>>(),
    homeless: boolean('homeless').notNull(),
    localHukou: boolean('local_hukou').notNull(),
    insuranceMonths: smallint('insurance_months').notNull(),
    note: text('note').notNull().default(''),
    /** submitted, approved, refused, appealing (LOTTERY_REG_STATUS). */
    status: text('status').notNull(),
    reason: text('reason'),
    appealReason: text('appeal_reason'),
    /** A refusal may be appealed once; the second decision is final. */
    appealed: boolean('appealed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('lottery_registrations_batch_user').on(t.batchId, t.userId),
    uniqueIndex('lottery_registrations_batch_reg_no').on(t.batchId, t.regNo),
  ],
);

/** Every person of every family in a batch, by keyed ID hash: one family per person. */
export const lotteryPeople = pgTable(
  'lottery_people',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => lotteryBatches.id, { onDelete: 'cascade' }),
    identityHash: text('identity_hash').notNull(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => lotteryRegistrations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('lottery_people_batch_identity').on(t.batchId, t.identityHash),
    index('lottery_people_registration').on(t.registrationId),
  ],
);

/** The draw's result per registration and its 选房 turn. */
export const lotteryPlaces = pgTable(
  'lottery_places',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => lotteryBatches.id, { onDelete: 'cascade' }),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => lotteryRegistrations.id, { onDelete: 'cascade' }),
    chooseOrder: integer('choose_order').notNull(),
    /** priority, general or waitlist. */
    outcome: text('outcome').notNull(),
    /** Position in the 选房 line; a missed turn sent to the end gets a new, larger one. */
    lineNo: integer('line_no').notNull(),
    /** waiting, active, chosen, missed (LOTTERY_SLOT_STATUS). */
    slotStatus: text('slot_status').notNull(),
    startsAt: timestampTz('starts_at'),
    endsAt: timestampTz('ends_at'),
    chosenRoomId: integer('chosen_room_id'),
    /** When the 快轮到您 notice went out. */
    remindedAt: timestampTz('reminded_at'),
  },
  (t) => [
    uniqueIndex('lottery_places_registration').on(t.registrationId),
    uniqueIndex('lottery_places_batch_order').on(t.batchId, t.chooseOrder),
    index('lottery_places_batch_line').on(t.batchId, t.lineNo),
  ],
);

/**
 * The SMS a lottery step sends (docs/product/lottery.md, 短信): written in the step's own
 * transaction beside its notice, delivered by the lottery job after the commit, so a step that is
 * rolled back sends nothing and a step whose text fails is retried (three tries at most).
 */
export const lotterySms = pgTable(
  'lottery_sms',
  {
    id: idColumn(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => lotteryBatches.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The step, in at most 35 characters (an SMS template variable). */
    detail: text('detail').notNull(),
    createdAt: createdAt(),
    /** When a job took it to send (a job that died while sending leaves it for another after a minute). */
    claimedAt: timestampTz('claimed_at'),
    attempts: smallint('attempts').notNull().default(0),
    sentAt: timestampTz('sent_at'),
  },
  (t) => [index('lottery_sms_pending').on(t.sentAt, t.id)],
);

/**
 * The 证明材料 of a 意向登记 (docs/product/lottery.md): one row per file, its kind (户口簿,
 * 社保缴纳证明, 无房证明, 结婚证) and the private object key `lottery/<userId>/<random>.<ext>`.
 * Replaced with the registration on every edit; a key no row holds is swept with the files
 * (jobs/file-references.ts).
 */
export const lotteryProofs = pgTable(
  'lottery_proofs',
  {
    id: idColumn(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => lotteryRegistrations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    path: text('path').notNull(),
    sort: smallint('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('lottery_proofs_registration').on(t.registrationId),
    index('lottery_proofs_path').on(t.path),
  ],
);
