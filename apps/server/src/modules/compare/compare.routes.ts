import { envelopeOf } from '@portal/shared/schemas/common';
import { compareQuerySchema, compareResultSchema } from '@portal/shared/schemas/compare';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { compare } from './compare.service';

/** Side-by-side comparison (对比) of 2–4 public projects or listings; open to everyone. */
export const compareRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/compare',
    {
      schema: {
        tags: ['compare'],
        summary: '楼盘或二手房源对比（2 至 4 个）',
        querystring: compareQuerySchema,
        response: { 200: envelopeOf(compareResultSchema) },
      },
    },
    async (request) => ok(await compare(app.readDb, request.query)),
  );
};
