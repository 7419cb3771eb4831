import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import { adminIdParamSchema } from '@portal/shared/schemas/common/admin';
import {
  ALBUM_GROUPS,
  adminLicenceSaveSchema,
  adminProjectDetailSchema,
  adminProjectFactsSchema,
  adminProjectQuerySchema,
  adminProjectRowSchema,
} from '@portal/shared/schemas/projects/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser } from '../access/index';
import { saveOperatorUpload } from '../admin/index';
import { addAlbumPicture, assertProjectExists, removeAlbumPicture } from './album.admin.service';
import { deleteLicence, saveLicence } from './licences.admin.service';
import { getAdminProject, listAdminProjects } from './projects.admin.queries';
import { updateProjectFacts } from './projects.admin.service';

const idOut = envelopeOf(z.object({ id: z.number().int() }));
const childParams = z.object({
  id: z.coerce.number().int().positive(),
  childId: z.coerce.number().int().positive(),
});

/** Projects in the operator console: facts, prices, tags, cover, album and pre-sale licences. */
export const projectsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/projects',
    {
      schema: {
        tags: ['admin'],
        summary: '楼盘列表（全部发布状态）',
        querystring: adminProjectQuerySchema,
        response: { 200: envelopeOf(pagedOf(adminProjectRowSchema)) },
      },
    },
    async (request) => ok(await listAdminProjects(app.db, request.query)),
  );

  app.get(
    '/api/admin/projects/:id',
    {
      schema: {
        tags: ['admin'],
        summary: '楼盘资料（含标签、相册、预售许可证、楼栋）',
        params: adminIdParamSchema,
        response: { 200: envelopeOf(adminProjectDetailSchema) },
      },
    },
    async (request) => ok(await getAdminProject(app.db, request.params.id)),
  );

  app.put(
    '/api/admin/projects/:id',
    {
      schema: {
        tags: ['admin'],
        summary: '保存楼盘资料、价格与标签',
        params: adminIdParamSchema,
        body: adminProjectFactsSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await updateProjectFacts(
        app.db,
        app.storage,
        currentUser(request).id,
        request.params.id,
        request.body,
      );
      return ok(null, '保存成功');
    },
  );

  app.post(
    '/api/admin/projects/:id/album',
    {
      schema: {
        tags: ['admin'],
        summary: '上传相册图片（multipart 字段 file）',
        consumes: ['multipart/form-data'],
        params: adminIdParamSchema,
        querystring: z.object({ group: z.enum(ALBUM_GROUPS) }),
        response: { 200: idOut },
      },
    },
    async (request) => {
      const { id } = request.params;
      await assertProjectExists(app.db, id);
      const saved = await saveOperatorUpload(request, app.storage, `project/${id}`, 'image');
      const attachmentId = await addAlbumPicture(
        app.db,
        currentUser(request).id,
        id,
        request.query.group,
        saved,
      );
      return ok({ id: attachmentId }, '上传成功');
    },
  );

  app.delete(
    '/api/admin/projects/:id/album/:childId',
    {
      schema: {
        tags: ['admin'],
        summary: '删除相册图片',
        params: childParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const { id, childId } = request.params;
      await removeAlbumPicture(app.db, currentUser(request).id, id, childId);
      return ok(null, '已删除');
    },
  );

  app.post(
    '/api/admin/projects/:id/licences',
    {
      schema: {
        tags: ['admin'],
        summary: '新增预售许可证',
        params: adminIdParamSchema,
        body: adminLicenceSaveSchema,
        response: { 200: idOut },
      },
    },
    async (request) => {
      const id = await saveLicence(
        app.db,
        currentUser(request).id,
        request.params.id,
        request.body,
      );
      return ok({ id }, '保存成功');
    },
  );

  app.put(
    '/api/admin/projects/:id/licences/:childId',
    {
      schema: {
        tags: ['admin'],
        summary: '编辑预售许可证',
        params: childParams,
        body: adminLicenceSaveSchema,
        response: { 200: idOut },
      },
    },
    async (request) => {
      const { id, childId } = request.params;
      const saved = await saveLicence(app.db, currentUser(request).id, id, request.body, childId);
      return ok({ id: saved }, '保存成功');
    },
  );

  app.delete(
    '/api/admin/projects/:id/licences/:childId',
    {
      schema: {
        tags: ['admin'],
        summary: '删除预售许可证',
        params: childParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const { id, childId } = request.params;
      await deleteLicence(app.db, currentUser(request).id, id, childId);
      return ok(null, '已删除');
    },
  );
};
