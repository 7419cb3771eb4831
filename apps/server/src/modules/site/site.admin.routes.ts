import { adminUploadSchema } from '@portal/shared/schemas/admin';
import { envelopeOf } from '@portal/shared/schemas/common';
import { siteSettingsSchema } from '@portal/shared/schemas/site';
import { adminSiteSettingsSchema } from '@portal/shared/schemas/site/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser } from '../access/index';
import { saveOperatorUpload } from '../admin/index';
import { saveSiteSettings } from './site.admin.service';
import { getSiteSettings } from './site.queries';

/** Site settings in the operator console: read, save, upload a logo. */
export const siteAdminRoutes: FastifyPluginAsyncZod = async (app) => {
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
