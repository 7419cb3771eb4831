import { envelopeOf } from '@portal/shared/schemas/common';
import { checkCodeParamSchema, checkCodeResultSchema } from '@portal/shared/schemas/listing-trust';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { isIssuedCode, lookupCheckCode } from './check-code-lookup.queries';

export interface CheckCodeRoutesOptions {
  /** The site's public address: the QR always points at the official check page. */
  publicOrigin: string;
}

/** Generous for people, tight for anyone walking through codes. */
const lookupRateLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
/** Side of the QR picture, px: sharp on a phone screen and in print at 3 cm. */
const QR_WIDTH = 240;

/** The check page's address for a code: `/verify?code=…` on the public origin. */
export function checkPageUrl(publicOrigin: string, code: string): string {
  return `${publicOrigin.replace(/\/$/, '')}/verify?code=${encodeURIComponent(code)}`;
}

/**
 * The public side of 房源核验码: what a code says (for /verify), and the QR picture a listing's
 * page shows, which opens the check page. Anyone may ask; nothing personal is answered.
 */
export const checkCodeRoutes: FastifyPluginAsyncZod<CheckCodeRoutesOptions> = async (
  app,
  options,
) => {
  app.get(
    '/api/listings/check-codes/:code',
    {
      config: lookupRateLimit,
      schema: {
        tags: ['listings'],
        summary: '查询房源核验码（有效 / 已失效 / 不存在），不含个人信息',
        params: checkCodeParamSchema,
        response: { 200: envelopeOf(checkCodeResultSchema) },
      },
    },
    async (request) => ok(await lookupCheckCode(app.db, request.params.code)),
  );

  app.get(
    '/api/listings/check-codes/:code/qr.png',
    {
      config: lookupRateLimit,
      schema: {
        tags: ['listings'],
        summary: '房源核验码二维码（PNG，扫码打开核验页面）',
        params: checkCodeParamSchema,
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      if (!(await isIssuedCode(app.db, code))) throw new AppError('NOT_FOUND', '核验码不存在');
      const png = await QRCode.toBuffer(checkPageUrl(options.publicOrigin, code), {
        type: 'png',
        width: QR_WIDTH,
        margin: 2,
        errorCorrectionLevel: 'M',
      });
      reply.header('cache-control', 'public, max-age=86400');
      return reply.type('image/png').send(png);
    },
  );
};
