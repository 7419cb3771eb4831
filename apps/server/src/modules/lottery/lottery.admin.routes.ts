import { envelopeOf } from '@portal/shared/schemas/common';
import { adminIdParamSchema } from '@portal/shared/schemas/common/admin';
import {
  lotteryBatchCreateSchema,
  lotteryDecisionSchema,
  lotteryReviewItemSchema,
} from '@portal/shared/schemas/lottery/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decryptIdentityText } from '../../db/identity-cipher';
import type { RandomnessBeacon } from '../../integrations/beacon/index';
import { ok } from '../../lib/envelope';
import { currentUser } from '../access/index';
import { maskId } from './lottery-masks';
import { proofsOf } from './lottery-proofs';
import { createBatch, decideRegistration, drawBatch, publishList } from './lottery.admin.service';
import { listRegistrations } from './lottery.queries';

export interface LotteryAdminOptions {
  beacons: Partial<Record<string, RandomnessBeacon>>;
}

/** The operators' 摇号 screens: batch set-up, the review queue, publishing the list, the draw. */
export const lotteryAdminRoutes: FastifyPluginAsyncZod<LotteryAdminOptions> = async (
  app,
  options,
) => {
  app.post(
    '/api/admin/lottery/batches',
    {
      schema: {
        tags: ['admin'],
        summary: '创建摇号批次（房源、时间、规则、优先比例、随机源）',
        body: lotteryBatchCreateSchema,
        response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const batch = await createBatch(app.db, currentUser(request).id, request.body);
      return ok({ id: batch.id }, '摇号批次已创建');
    },
  );

  app.get(
    '/api/admin/lottery/batches/:id/registrations',
    {
      schema: {
        tags: ['admin'],
        summary: '摇号资格审核队列（身份证号脱敏，附证明材料的查看地址）',
        params: adminIdParamSchema,
        querystring: z.object({ status: z.string().max(20).optional() }),
        response: { 200: envelopeOf(z.array(lotteryReviewItemSchema)) },
      },
    },
    async (request) => {
      const rows = await listRegistrations(app.db, request.params.id, request.query.status);
      const proofs = await proofsOf(
        app.db,
        rows.map((r) => r.id),
      );
      return ok(
        rows.map((r) => ({
          id: r.id,
          regNo: r.regNo,
          applicant: r.applicantName,
          applicantId: maskId(r.applicantId),
          status: r.status as z.infer<typeof lotteryReviewItemSchema>['status'],
          homeless: r.homeless,
          localHukou: r.localHukou,
          socialInsuranceMonths: r.insuranceMonths,
          members: (r.members ?? []).map((m) => ({
            relation: m.relation,
            name: m.name,
            idCard: maskId(decryptIdentityText(m.idCard)),
          })),
          reason: r.reason,
          appealReason: r.appealReason,
          proofs: proofs.get(r.id) ?? [],
        })),
      );
    },
  );

  app.post(
    '/api/admin/lottery/registrations/:id/decision',
    {
      schema: {
        tags: ['admin'],
        summary: '资格审核或申诉复核：通过，或不通过并说明原因',
        params: adminIdParamSchema,
        body: lotteryDecisionSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await decideRegistration(app.db, currentUser(request).id, request.params.id, request.body);
      return ok(null, '审核结果已保存');
    },
  );

  app.post(
    '/api/admin/lottery/batches/:id/publish',
    {
      schema: {
        tags: ['admin'],
        summary: '公示资格名单并公布承诺值（SHA-256），公布后不可更改',
        params: adminIdParamSchema,
        response: { 200: envelopeOf(z.object({ listHash: z.string() })) },
      },
    },
    async (request) =>
      ok(await publishList(app.db, currentUser(request).id, request.params.id), '名单已公示'),
  );

  app.post(
    '/api/admin/lottery/batches/:id/draw',
    {
      schema: {
        tags: ['admin'],
        summary: '摇号：读取承诺的随机信标轮次并计算顺序',
        params: adminIdParamSchema,
        response: { 200: envelopeOf(z.object({ listHash: z.string(), places: z.number().int() })) },
      },
    },
    async (request) => {
      const draw = await drawBatch(
        app.db,
        currentUser(request).id,
        request.params.id,
        options.beacons,
      );
      return ok({ listHash: draw.listHash, places: draw.places.length }, '摇号完成');
    },
  );
};
