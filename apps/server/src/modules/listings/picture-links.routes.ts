import { envelopeOf } from '@portal/shared/schemas/common';
import { pictureLinkSchema, pictureLinksRequestSchema } from '@portal/shared/schemas/listings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../access/index';
import type { ListingStorage } from './listing-files';
import { freshPictureLinks } from './picture-links.service';

/** Fresh signed links for the certification photos an open form of the owner still shows. */
export const pictureLinksRoutes: FastifyPluginAsyncZod<{ storage: ListingStorage }> = async (
  app,
  options,
) => {
  app.post(
    '/api/listings/picture-links',
    {
      preHandler: requireUser,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['listings'],
        summary: '刷新认证材料图片的签名链接（本人上传或本人房源的图片）',
        body: pictureLinksRequestSchema,
        response: { 200: envelopeOf(z.array(pictureLinkSchema)) },
      },
    },
    async (request) =>
      ok(await freshPictureLinks(app.db, options.storage, currentUser(request).id, request.body)),
  );
};
