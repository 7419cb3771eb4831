import { z } from 'zod';
import { LOTTERY_PHASE, LOTTERY_REG_STATUS, LOTTERY_SLOT_STATUS } from '../status/lottery';
import { isValidIdCard } from '../validators';

/** The message of an empty required field, on the public form and the console's alike. */
export const LOTTERY_REQUIRED_MESSAGE = '必填项不能为空';

/** Family relations a registration may list beside the applicant (one registration per family). */
export const LOTTERY_RELATION_LABEL = { spouse: '配偶', child: '未成年子女' } as const;
export type LotteryRelation = keyof typeof LOTTERY_RELATION_LABEL;

/** Randomness sources a batch may name (docs/product/lottery.md). */
export const LOTTERY_BEACON_LABEL = {
  drand: 'drand 随机信标（League of Entropy，quicknet）',
  simulator: '模拟随机信标（演示环境）',
} as const;
export type LotteryBeacon = keyof typeof LOTTERY_BEACON_LABEL;

const idCard = z
  .string()
  .trim()
  .toUpperCase()
  .refine((value) => isValidIdCard(value), '身份证号码格式不正确');

export const lotteryMemberSchema = z.object({
  relation: z.enum(['spouse', 'child']),
  name: z.string().trim().min(1, LOTTERY_REQUIRED_MESSAGE).max(20, '姓名过长'),
  idCard,
});

/**
 * 证明材料 a declaration of the 意向登记 needs (docs/product/lottery.md): the household register
 * for 本市户籍, the social-insurance record for months counted, the property-register search for
 * 无房家庭, the marriage certificate when a spouse is listed.
 */
export const LOTTERY_PROOF_LABEL = {
  hukou: '户口簿首页及本人页',
  insurance: '社保缴纳证明',
  homeless: '无房证明（不动产登记查询结果）',
  marriage: '结婚证',
} as const;
export type LotteryProofKind = keyof typeof LOTTERY_PROOF_LABEL;
export const LOTTERY_PROOF_KINDS = Object.keys(LOTTERY_PROOF_LABEL) as LotteryProofKind[];

/** What a proof file may be: its types (by content on the server), size and count. */
export const LOTTERY_PROOF_LIMITS = {
  bytes: 10 * 1024 * 1024,
  perKind: 4,
  types: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
  /** The file input's accept: a phone offers the camera, the photos and files. */
  accept: 'image/*,application/pdf',
} as const;

export const LOTTERY_PROOF_MESSAGES = {
  type: '证明材料只能是 JPG、PNG、WebP 图片或 PDF 文件',
  size: '单个证明材料不能超过 10MB',
  tooMany: `每类证明材料最多 ${LOTTERY_PROOF_LIMITS.perKind} 个文件`,
  invalid: '证明材料无效或已失效，请重新上传',
  missing: (kinds: readonly LotteryProofKind[]) =>
    `请上传证明材料：${kinds.map((kind) => LOTTERY_PROOF_LABEL[kind]).join('、')}`,
} as const;

/** The declarations that decide which proofs a registration needs. */
export interface LotteryDeclarations {
  localHukou: boolean;
  socialInsuranceMonths: number;
  homeless: boolean;
  members: ReadonlyArray<{ relation: string }>;
}

/** The proof kinds these declarations need, in the form's order (the one rule, form and server). */
export function requiredLotteryProofs(d: LotteryDeclarations): LotteryProofKind[] {
  const kinds: LotteryProofKind[] = [];
  if (d.localHukou) kinds.push('hukou');
  if (d.socialInsuranceMonths > 0) kinds.push('insurance');
  if (d.homeless) kinds.push('homeless');
  if (d.members.some((m) => m.relation === 'spouse')) kinds.push('marriage');
  return kinds;
}

/** The needed kinds without a file among `proofs`. */
export function missingLotteryProofs(
  d: LotteryDeclarations,
  proofs: ReadonlyArray<{ kind: string }>,
): LotteryProofKind[] {
  return requiredLotteryProofs(d).filter((kind) => !proofs.some((p) => p.kind === kind));
}

/** One proof file of a registration: its kind and the key its upload answered. */
export const lotteryProofRefSchema = z.object({
  kind: z.enum(LOTTERY_PROOF_KINDS as [LotteryProofKind, ...LotteryProofKind[]]),
  path: z.string().max(120),
});

/** `POST /api/lottery/proofs`: the stored upload, not yet part of a registration. */
export const lotteryProofUploadSchema = z.object({
  path: z.string(),
  url: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type LotteryProofUpload = z.infer<typeof lotteryProofUploadSchema>;

/** A proof as the applicant and the operators see it; `url` opens it (server-side checked). */
export const lotteryProofSchema = z.object({
  kind: z.string(),
  label: z.string(),
  path: z.string(),
  url: z.string(),
  contentType: z.string(),
});
export type LotteryProof = z.infer<typeof lotteryProofSchema>;

/**
 * `PUT /api/lottery/batches/:id/registration`: create or replace the caller's 意向登记 while
 * registration is open. `memberConsent` is the separate consent to process the members' ID numbers;
 * `proofs` are the caller's uploads; the server refuses the registration unless every kind
 * requiredLotteryProofs names has one (the form checks the same before sending).
 */
export const lotteryRegistrationInputSchema = z
  .object({
    members: z.array(lotteryMemberSchema).max(6, '家庭成员最多 6 人'),
    memberConsent: z.boolean(),
    homeless: z.boolean(),
    localHukou: z.boolean(),
    socialInsuranceMonths: z.number().int().min(0).max(600),
    note: z.string().trim().max(200, '说明过长').default(''),
    proofs: z
      .array(lotteryProofRefSchema)
      .max(LOTTERY_PROOF_KINDS.length * LOTTERY_PROOF_LIMITS.perKind)
      .default([]),
  })
  .refine((value) => value.members.length === 0 || value.memberConsent, {
    message: '请同意家庭成员身份信息的处理',
    path: ['memberConsent'],
  })
  .refine((value) => value.members.filter((m) => m.relation === 'spouse').length <= 1, {
    message: '配偶只能填写一位',
    path: ['members'],
  });
export type LotteryRegistrationInput = z.input<typeof lotteryRegistrationInputSchema>;

export const lotteryAppealSchema = z.object({
  reason: z.string().trim().min(1, '请填写申诉理由').max(300, '申诉理由过长'),
});

const phaseSchema = z.enum(Object.values(LOTTERY_PHASE) as [string, ...string[]]);
/** A registration's status (`LOTTERY_REG_STATUS`). */
export const lotteryRegStatusSchema = z.enum(
  Object.values(LOTTERY_REG_STATUS) as [string, ...string[]],
);
const slotStatusSchema = z.enum(Object.values(LOTTERY_SLOT_STATUS) as [string, ...string[]]);

/** A batch as the public pages show it. Times ISO; share in per cent. */
export const lotteryBatchSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  roomIds: z.array(z.number().int()),
  roomCount: z.number().int(),
  priorityRooms: z.number().int(),
  prioritySharePct: z.number().int(),
  rules: z.object({
    localHukouOrInsuranceMonths: z.number().int(),
    description: z.string(),
  }),
  regOpensAt: z.string(),
  regClosesAt: z.string(),
  reviewClosesAt: z.string(),
  drawAt: z.string(),
  slotMinutes: z.number().int(),
  missedGoesLast: z.boolean(),
  beacon: z.enum(['drand', 'simulator']),
  beaconRound: z.number().int(),
  phase: phaseSchema,
  counts: z.object({
    registered: z.number().int(),
    priority: z.number().int(),
    general: z.number().int(),
  }),
  /** Chance of a room per group in per cent, from the qualified counts once published. */
  odds: z.object({ priority: z.number().nullable(), general: z.number().nullable() }),
  listHash: z.string().nullable(),
  committedAt: z.string().nullable(),
  drawnAt: z.string().nullable(),
});
export type LotteryBatch = z.infer<typeof lotteryBatchSchema>;

/** The caller's own registration (我的摇号). */
export const myLotteryRegistrationSchema = z.object({
  id: z.number().int(),
  batchId: z.number().int(),
  batchTitle: z.string(),
  regNo: z.string(),
  status: lotteryRegStatusSchema,
  reason: z.string().nullable(),
  appealReason: z.string().nullable(),
  homeless: z.boolean(),
  localHukou: z.boolean(),
  socialInsuranceMonths: z.number().int(),
  note: z.string(),
  members: z.array(z.object({ relation: z.string(), name: z.string(), idCard: z.string() })),
  canEdit: z.boolean(),
  canAppeal: z.boolean(),
  place: z
    .object({
      chooseOrder: z.number().int(),
      outcome: z.string(),
      slotStatus: slotStatusSchema,
      ahead: z.number().int(),
      expectedAt: z.string().nullable(),
    })
    .nullable(),
});
export type MyLotteryRegistration = z.infer<typeof myLotteryRegistrationSchema>;

/**
 * What anyone needs to re-check a draw: the canonical list text (its SHA-256 is the commitment),
 * the named random value and the published order.
 */
export const lotteryDrawRecordSchema = z.object({
  batchId: z.number().int(),
  code: z.string(),
  listText: z.string().nullable(),
  listHash: z.string().nullable(),
  committedAt: z.string().nullable(),
  beacon: z.string(),
  beaconRound: z.number().int(),
  randomness: z.string().nullable(),
  beaconSignature: z.string().nullable(),
  drawnAt: z.string().nullable(),
  results: z.array(
    z.object({ chooseOrder: z.number().int(), regNo: z.string(), outcome: z.string() }),
  ),
});
export type LotteryDrawRecord = z.infer<typeof lotteryDrawRecordSchema>;

/** The public 选房 board. */
export const lotteryBoardSchema = z.object({
  batchId: z.number().int(),
  current: z
    .object({ chooseOrder: z.number().int(), regNo: z.string(), endsAt: z.string() })
    .nullable(),
  roomsLeft: z.number().int(),
  slots: z.array(
    z.object({
      chooseOrder: z.number().int(),
      regNo: z.string(),
      slotStatus: slotStatusSchema,
      startsAt: z.string().nullable(),
    }),
  ),
});
export type LotteryBoard = z.infer<typeof lotteryBoardSchema>;

/** What the board's event stream pushes on every change: whose turn it is and the rooms left. */
export const lotteryBoardHeadSchema = lotteryBoardSchema.pick({
  batchId: true,
  current: true,
  roomsLeft: true,
});
export type LotteryBoardHead = z.infer<typeof lotteryBoardHeadSchema>;
