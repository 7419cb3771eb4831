import { z } from 'zod';
import { LOTTERY_REQUIRED_MESSAGE, lotteryProofSchema, lotteryRegStatusSchema } from '../lottery';

// The operator console's 摇号 (`/api/admin/lottery`): setting up a batch and reviewing its registrations.

/** `POST /api/admin/lottery/batches`: an operator sets up a batch. Times ISO. */
export const lotteryBatchCreateSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,40}$/, '批次编号只能包含字母、数字和 -'),
    title: z.string().trim().min(1, LOTTERY_REQUIRED_MESSAGE).max(60, '名称过长'),
    projectId: z.number().int().positive(),
    roomIds: z.array(z.number().int().positive()).min(1, '请选择摇号房源').max(2000),
    prioritySharePct: z.number().int().min(0).max(100),
    localHukouOrInsuranceMonths: z.number().int().min(0).max(120),
    description: z.string().trim().max(500).default(''),
    regOpensAt: z.iso.datetime({ offset: true }),
    regClosesAt: z.iso.datetime({ offset: true }),
    reviewClosesAt: z.iso.datetime({ offset: true }),
    drawAt: z.iso.datetime({ offset: true }),
    slotMinutes: z.number().int().min(1).max(60),
    missedGoesLast: z.boolean(),
    beacon: z.enum(['drand', 'simulator']),
    beaconRound: z.number().int().positive(),
  })
  .refine(
    (v) =>
      v.regOpensAt < v.regClosesAt &&
      v.regClosesAt <= v.reviewClosesAt &&
      v.reviewClosesAt < v.drawAt,
    { message: '时间须依次为：登记开始 < 登记截止 ≤ 审核截止 < 摇号时间', path: ['drawAt'] },
  );
export type LotteryBatchCreate = z.infer<typeof lotteryBatchCreateSchema>;

/** The reason of a refusal, which the applicant reads in 我的摇号. */
export const lotteryRefusalReasonSchema = z
  .string()
  .trim()
  .min(1, '请填写不通过的原因')
  .max(200, '原因不能超过 200 字');

/** `POST /api/admin/lottery/registrations/:id/decision`: approve, or refuse with a reason. */
export const lotteryDecisionSchema = z
  .object({ approve: z.boolean(), reason: z.string().trim().max(200).default('') })
  .refine((v) => v.approve || v.reason.length > 0, {
    message: '不通过须填写原因',
    path: ['reason'],
  });

/** A registration in the operators' review queue (ID numbers masked). */
export const lotteryReviewItemSchema = z.object({
  id: z.number().int(),
  regNo: z.string(),
  applicant: z.string(),
  applicantId: z.string(),
  status: lotteryRegStatusSchema,
  homeless: z.boolean(),
  localHukou: z.boolean(),
  socialInsuranceMonths: z.number().int(),
  members: z.array(z.object({ relation: z.string(), name: z.string(), idCard: z.string() })),
  reason: z.string().nullable(),
  appealReason: z.string().nullable(),
  /** The 证明材料 submitted, each opened through the server (operators only). */
  proofs: z.array(lotteryProofSchema),
});
