import { adminDashboardSchema, adminSessionSchema } from '@portal/shared/schemas/admin';
import { auditEntrySchema, auditQuerySchema } from '@portal/shared/schemas/admin-audit';
import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/index';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import { adminNewsRoutes } from './admin-news.routes';
import { adminOrdersRoutes } from './admin-orders.routes';
import { adminProjectsRoutes } from './admin-projects.routes';
import type { BankSettings } from './admin-refunds.service';
import { adminReviewRoutes } from './admin-review.routes';
import { adminSiteRoutes } from './admin-site';
import { adminUsersRoutes } from './admin-users.routes';
import { listAudit } from './audit';
import { getDashboard } from './dashboard.queries';

export type AdminRoutesOptions = BankSettings;

/**
 * The operator console API under `/api/admin/…`. Authorisation is `adminGuardPlugin`, which
 * covers every route under the prefix, these and those of other modules alike.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  app.get(
    '/api/admin/session',
    {
      schema: {
        tags: ['admin'],
        summary: '当前运营人员（进入后台前的权限检查）',
        response: { 200: envelopeOf(adminSessionSchema) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const [row] = await app.db
        .select({ phone: users.phone, nickname: users.nickname })
        .from(users)
        .where(eq(users.id, userId));
      return ok({ userId, phone: row?.phone ?? null, nickname: row?.nickname ?? null });
    },
  );

  app.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: '运营仪表盘：今日订单、待审核房源、待回复反馈、新用户',
        response: { 200: envelopeOf(adminDashboardSchema) },
      },
    },
    async () => ok(await getDashboard(app.db)),
  );

  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: '操作日志（按操作人、操作、对象、时间筛选）',
        querystring: auditQuerySchema,
        response: { 200: envelopeOf(pagedOf(auditEntrySchema)) },
      },
    },
    async (request) => ok(await listAudit(app.db, request.query)),
  );

  await app.register(adminNewsRoutes, options);
  await app.register(adminProjectsRoutes, options);
  await app.register(adminOrdersRoutes, options);
  await app.register(adminUsersRoutes);
  await app.register(adminReviewRoutes, options);
  await app.register(adminSiteRoutes, options);
};
