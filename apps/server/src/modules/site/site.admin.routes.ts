import {
  type AdminSiteSettings,
  adminSiteSettingsSchema,
  adminUploadSchema,
} from '@portal/shared/schemas/admin';
import { envelopeOf } from '@portal/shared/schemas/common';
import { siteSettingsSchema } from '@portal/shared/schemas/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema/index';
import type { ObjectStorage } from '../../integrations/storage/index';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import { getSiteSettings } from '../site/site.queries';
import { saveOperatorUpload } from './admin-uploads';
import type { AdminRoutesOptions } from './admin.routes';
import { recordAudit } from './audit';
import { assertIssuedImage } from './issued-uploads';

/**
 * Saves the one site-settings record (title, logo, meta tags, footer; docs/product/content.md), creating
 * it on first save, and audits the changed fields in the same transaction. A logo must be the
 * current one or a picture the logo upload stored (400 otherwise).
 */
export async function saveSiteSettings(
  db: Db,
  storage: Pick<ObjectStorage, 'exists'>,
  actorId: number,
  input: AdminSiteSettings,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getSiteSettings(tx);
    if (input.logo && input.logo !== before.logo) {
      await assertIssuedImage(storage, input.logo, 'site', '网站标志图片');
    }
    const values = { ...input, logo: input.logo || null };
    await tx
      .insert(siteSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: siteSettings.id, set: values });
    const changedBefore: Record<string, string> = {};
    const changedAfter: Record<string, string> = {};
    for (const key of Object.keys(input) as Array<keyof AdminSiteSettings>) {
      if (before[key] !== input[key]) {
        changedBefore[key] = before[key];
        changedAfter[key] = input[key];
      }
    }
    await recordAudit(tx, {
      actorId,
      action: 'site.update',
      targetType: 'site',
      targetId: 1,
      before: changedBefore,
      after: changedAfter,
    });
  });
}

/** Site settings in the console: read, save, upload a logo. */
export const adminSiteRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app) => {
  app.get(
    '/api/admin/site-settings',
    {
      schema: {
        tags: ['admin'],
        summary: '站点设置',
        response: { 200: envelopeOf(siteSettingsSchema) },
      },
    },
    async () => ok(await getSiteSettings(app.db)),
  );

  app.put(
    '/api/admin/site-settings',
    {
      schema: {
        tags: ['admin'],
        summary: '保存站点设置（标题、标志、关键词、描述、备案号、版权）',
        body: adminSiteSettingsSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await saveSiteSettings(app.db, app.storage, currentUser(request).id, request.body);
      return ok(null, '保存成功');
    },
  );

  app.post(
    '/api/admin/site-settings/logo',
    {
      schema: {
        tags: ['admin'],
        summary: '上传网站标志图片（multipart 字段 file）',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(adminUploadSchema) },
      },
    },
    async (request) =>
      ok(await saveOperatorUpload(request, app.storage, 'site', 'image'), '上传成功'),
  );
};
