import { envelopeOf } from '@portal/shared/schemas/common';
import {
  lotteryAppealSchema,
  lotteryBatchSchema,
  lotteryBoardSchema,
  lotteryDrawRecordSchema,
  lotteryRegistrationInputSchema,
  myLotteryRegistrationSchema,
} from '@portal/shared/schemas/lottery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../access/index';
import { appealRegistration, saveRegistration } from './lottery-registration.service';
import {
  getBoard,
  getDrawRecord,
  getPublicBatch,
  listMyRegistrations,
  listPublicBatches,
} from './lottery.service';

const batchParams = z.object({ id: z.coerce.number().int().positive() });
const writeLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/** 摇号选房 for citizens (docs/product/lottery.md): batches, 意向登记, 我的摇号, the draw record, the board. */
export const lotteryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/lottery/batches',
    {
      schema: {
        tags: ['lottery'],
        summary: '摇号批次（可按楼盘筛选）',
        querystring: z.object({ projectId: z.coerce.number().int().positive().optional() }),
        response: { 200: envelopeOf(z.array(lotteryBatchSchema)) },
      },
    },
    async (request) => ok(await listPublicBatches(app.db, request.query.projectId)),
  );

  app.get(
    '/api/lottery/batches/:id',
    {
      schema: {
        tags: ['lottery'],
        summary: '摇号批次：规则、时间线、各组登记人数与中签率',
        params: batchParams,
        response: { 200: envelopeOf(lotteryBatchSchema) },
      },
    },
    async (request) => ok(await getPublicBatch(app.db, request.params.id)),
  );

  app.get(
    '/api/lottery/batches/:id/draw-record',
    {
      schema: {
        tags: ['lottery'],
        summary: '摇号公示：规范名单文本、承诺值、随机信标轮次与数值、摇号结果（供复核）',
        params: batchParams,
        response: { 200: envelopeOf(lotteryDrawRecordSchema) },
      },
    },
    async (request) => ok(await getDrawRecord(app.db, request.params.id)),
  );

  app.get(
    '/api/lottery/batches/:id/board',
    {
      schema: {
        tags: ['lottery'],
        summary: '选房看板：正在选房的顺序号、排队与剩余房源',
        params: batchParams,
        response: { 200: envelopeOf(lotteryBoardSchema) },
      },
    },
    async (request) => ok(await getBoard(app.db, request.params.id)),
  );

  app.get(
    '/api/lottery/mine',
    {
      preHandler: requireUser,
      schema: {
        tags: ['lottery'],
        summary: '我的摇号：登记、审核状态与选房顺序',
        response: { 200: envelopeOf(z.array(myLotteryRegistrationSchema)) },
      },
    },
    async (request) => ok(await listMyRegistrations(app.db, currentUser(request).id)),
  );

  app.put(
    '/api/lottery/batches/:id/registration',
    {
      preHandler: requireUser,
      config: writeLimit,
      schema: {
        tags: ['lottery'],
        summary: '提交或修改意向登记（须实名；登记截止前可改）',
        params: batchParams,
        body: lotteryRegistrationInputSchema,
        response: { 200: envelopeOf(z.object({ id: z.number().int(), regNo: z.string() })) },
      },
    },
    async (request) =>
      ok(
        await saveRegistration(
          app.db,
          app.storage,
          currentUser(request).id,
          request.params.id,
          request.body,
        ),
        '意向登记已提交',
      ),
  );

  app.post(
    '/api/lottery/batches/:id/registration/appeal',
    {
      preHandler: requireUser,
      config: writeLimit,
      schema: {
        tags: ['lottery'],
        summary: '对未通过的资格审核申诉（一次）',
        params: batchParams,
        body: lotteryAppealSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await appealRegistration(
        app.db,
        currentUser(request).id,
        request.params.id,
        request.body.reason,
      );
      return ok(null, '申诉已提交');
    },
  );
};
