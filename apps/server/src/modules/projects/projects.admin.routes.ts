import {
  ALBUM_GROUPS,
  adminIdParamSchema,
  adminLicenceSaveSchema,
  adminProjectDetailSchema,
  adminProjectFactsSchema,
  adminProjectQuerySchema,
  adminProjectRowSchema,
} from '@portal/shared/schemas/admin';
import {
  adminRoomParamSchema,
  adminRoomPriceResultSchema,
  adminRoomPriceSchema,
  adminRoomQuerySchema,
  adminRoomSaleResultSchema,
  adminRoomSaleSchema,
  adminRoomSchema,
} from '@portal/shared/schemas/admin-rooms';
import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import { addAlbumPicture, assertProjectExists, removeAlbumPicture } from './admin-album.service';
import { deleteLicence, saveLicence } from './admin-licences.service';
import { getAdminProject, listAdminProjects, updateProjectFacts } from './admin-projects.service';
import { listBuildingRooms, setRoomPrice, setRoomsSaleStatus } from './admin-rooms.service';
import { saveOperatorUpload } from './admin-uploads';
import type { AdminRoutesOptions } from './admin.routes';

const idOut = envelopeOf(z.object({ id: z.number().int() }));
const childParams = z.object({
  id: z.coerce.number().int().positive(),
  childId: z.coerce.number().int().positive(),
});

/** Projects (facts, prices, tags, cover, album, licences) and their rooms' sale state and prices. */
export const adminProjectsRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app) => {
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

  app.get(
    '/api/admin/rooms',
    {
      schema: {
        tags: ['admin'],
        summary: '楼栋房间及销售状态',
        querystring: adminRoomQuerySchema,
        response: { 200: envelopeOf(z.array(adminRoomSchema)) },
      },
    },
    async (request) => ok(await listBuildingRooms(app.db, request.query.buildingId)),
  );

  app.post(
    '/api/admin/rooms/sale-status',
    {
      schema: {
        tags: ['admin'],
        summary: '房间上架（可售）或下架（不可售）；已网签、有在途订单或退款中的房间不变',
        body: adminRoomSaleSchema,
        response: { 200: envelopeOf(adminRoomSaleResultSchema) },
      },
    },
    async (request) => {
      const { roomIds, saleStatus } = request.body;
      const result = await setRoomsSaleStatus(app.db, currentUser(request).id, roomIds, saleStatus);
      const message = result.skipped.length
        ? `已修改${result.changed.length}间，${result.skipped.length}间因已网签、被订单占用、退款处理中或状态不符未修改`
        : `已修改${result.changed.length}间`;
      return ok(result, message);
    },
  );

  app.put(
    '/api/admin/rooms/:id/price',
    {
      schema: {
        tags: ['admin'],
        summary:
          '修改房间单价（元/㎡，总价按建筑面积重算）；已网签、有在途订单或退款中的房间不能修改',
        params: adminRoomParamSchema,
        body: adminRoomPriceSchema,
        response: { 200: envelopeOf(adminRoomPriceResultSchema) },
      },
    },
    async (request) => {
      const saved = await setRoomPrice(
        app.db,
        currentUser(request).id,
        request.params.id,
        request.body.currentPrice,
      );
      return ok(saved, '价格已修改');
    },
  );
};
