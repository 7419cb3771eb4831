import { envelopeOf } from '@portal/shared/schemas/common';
import { clientErrorSchema, webVitalsBeaconSchema } from '@portal/shared/schemas/telemetry';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { recordWebVitals } from './web-vitals.service';

/** A visit's figures fit in a few hundred bytes; anything larger is not a beacon of this site. */
export const WEB_VITALS_BODY_LIMIT = 2048;
/** Beacons per minute per client address: one a page visit; many phones share a carrier's address. */
export const WEB_VITALS_PER_MINUTE = 300;

/**
 * `POST /api/telemetry/client-errors`: failed chunk loads and runtime errors from browsers,
 * written to the structured log (never stored with personal data).
 * `POST /api/telemetry/web-vitals`: a sampled visit's LCP, INP and CLS, counted per day and page
 * type (docs/decisions/0060-real-visit-figures.md). The browser sends it with
 * `navigator.sendBeacon` as `text/plain` (no preflight, no custom header), so in this plugin a
 * text body is read as JSON.
 */
export const telemetryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError('MALFORMED_JSON'), undefined);
    }
  });

  app.post(
    '/api/telemetry/client-errors',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['telemetry'],
        summary: '前端错误上报',
        body: clientErrorSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      request.log.warn({ clientError: request.body }, 'client error reported');
      return ok(null, '已记录');
    },
  );

  app.post(
    '/api/telemetry/web-vitals',
    {
      bodyLimit: WEB_VITALS_BODY_LIMIT,
      config: { rateLimit: { max: WEB_VITALS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['telemetry'],
        summary: '真实访问体验上报（LCP、INP、CLS，抽样，不含个人信息）',
        body: webVitalsBeaconSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await recordWebVitals(app.db, request.body, new Date());
      return ok(null, '已记录');
    },
  );
};
