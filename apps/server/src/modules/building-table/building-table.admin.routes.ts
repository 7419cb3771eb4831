import {
  adminHouseModelQuerySchema,
  adminHouseModelSchema,
  adminRoomFactsSchema,
  adminRoomParamSchema,
  adminRoomPriceResultSchema,
  adminRoomPriceSchema,
  adminRoomQuerySchema,
  adminRoomSaleResultSchema,
  adminRoomSaleSchema,
  adminRoomSchema,
} from '@portal/shared/schemas/building-table/admin';
import { envelopeOf } from '@portal/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser } from '../access/index';
import { setRoomFacts } from './room-facts.admin.service';
import { listBuildingRooms, listProjectHouseModels } from './rooms.admin.queries';
import { setRoomPrice, setRoomsSaleStatus } from './rooms.admin.service';

/** Rooms in the operator console: a building's rooms, on and off sale, and their prices. */
export const buildingTableAdminRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.get(
    '/api/admin/house-models',
    {
      schema: {
        tags: ['admin'],
        summary: '楼盘的户型（批量设置房间户型时选择）',
        querystring: adminHouseModelQuerySchema,
        response: { 200: envelopeOf(z.array(adminHouseModelSchema)) },
      },
    },
    async (request) => ok(await listProjectHouseModels(app.db, request.query.projectId)),
  );

  app.post(
    '/api/admin/rooms/facts',
    {
      schema: {
        tags: ['admin'],
        summary: '批量设置房间朝向和/或户型（同一楼盘，最多 500 间）',
        body: adminRoomFactsSchema,
        response: { 200: envelopeOf(z.object({ changed: z.number().int() })) },
      },
    },
    async (request) => {
      const result = await setRoomFacts(app.db, currentUser(request).id, request.body);
      return ok(result, `已修改${result.changed}间`);
    },
  );
};
