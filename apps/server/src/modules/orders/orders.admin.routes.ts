import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import { adminIdParamSchema, adminReasonSchema } from '@portal/shared/schemas/common/admin';
import {
  adminNetsignSchema,
  adminOrderFileQuerySchema,
  adminOrderQuerySchema,
  adminOrderRowSchema,
  type AdminRefundOutcome,
  adminRefundOutcomeSchema,
} from '@portal/shared/schemas/orders/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProviderFailure } from '../../integrations/provider-failure';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { currentUser } from '../access/index';
import { saveOperatorUpload } from '../admin/index';
import { orderFileFolder } from './order-files';
import { getAdminOrder, searchOrders } from './orders.admin.queries';
import { attachOrderFile, recordNetsign } from './orders.admin.service';
import {
  auditedConfirmRefund,
  auditedRejectRefund,
  type BankSettings,
  retryRefund,
} from './refunds.admin.service';

/** The operator's message for a refund the bank accepted and has not yet confirmed. */
export const REFUND_PROCESSING_MESSAGE = '银行已受理退款，到账确认后订单自动变为已退款';

/** What the operator reads after a refund attempt; a bank failure is said plainly. */
export function refundMessage(outcome: AdminRefundOutcome, done: string): string {
  if (outcome.refund === 'refunded') return done;
  if (outcome.refund === 'processing') return REFUND_PROCESSING_MESSAGE;
  return `${outcome.failReason ?? '银行退款失败'}。订单已标记为退款失败，可稍后重新退款`;
}

/**
 * Orders in the operator console: search, detail, 网签 (with the automatic deposit refund),
 * refund decisions (confirm or reject an application) and the retry of a failed refund,
 * invoice and receipt files.
 */
export const ordersAdminRoutes: FastifyPluginAsyncZod<BankSettings> = async (app, settings) => {
  // A bank refund failure is logged as the bank's: its provider code, never the request.
  const options: BankSettings = {
    ...settings,
    onBankFailure: (error) => {
      const failure = (error as { cause?: unknown })?.cause;
      if (failure instanceof ProviderFailure) {
        const { provider, providerCode } = failure;
        app.log.error({ err: error, provider, providerCode }, 'provider failure');
      } else app.log.error({ err: error }, 'bank refund failed');
    },
  };
  app.get(
    '/api/admin/orders',
    {
      schema: {
        tags: ['admin'],
        summary: '订单查询（订单号、购房人、手机号、房源）',
        querystring: adminOrderQuerySchema,
        response: { 200: envelopeOf(pagedOf(adminOrderRowSchema)) },
      },
    },
    async (request) => ok(await searchOrders(app.db, app.storage, request.query)),
  );

  app.get(
    '/api/admin/orders/:id',
    {
      schema: {
        tags: ['admin'],
        summary: '订单详情',
        params: adminIdParamSchema,
        response: { 200: envelopeOf(adminOrderRowSchema) },
      },
    },
    async (request) => ok(await getAdminOrder(app.db, app.storage, request.params.id)),
  );

  app.post(
    '/api/admin/orders/:id/netsign',
    {
      schema: {
        tags: ['admin'],
        summary: '登记网签备案（随后自动退还订约金）',
        params: adminIdParamSchema,
        body: adminNetsignSchema,
        response: { 200: envelopeOf(adminRefundOutcomeSchema) },
      },
    },
    async (request) => {
      const outcome = await recordNetsign(
        app.db,
        currentUser(request).id,
        request.params.id,
        request.body,
        options,
      );
      return ok(outcome, `网签已登记；${refundMessage(outcome, '订约金已自动退还')}`);
    },
  );

  app.post(
    '/api/admin/orders/:id/refund/retry',
    {
      schema: {
        tags: ['admin'],
        summary: '重新发起退款失败订单的银行退款（银行仍失败时 503，订单保持退款失败）',
        params: adminIdParamSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const outcome = await retryRefund(
        app.db,
        currentUser(request).id,
        request.params.id,
        options,
      );
      if (outcome.refund === 'failed') {
        throw new AppError('BANK_UNAVAILABLE', refundMessage(outcome, ''));
      }
      return ok(null, refundMessage(outcome, '订约金已原路退还'));
    },
  );

  app.post(
    '/api/admin/orders/:id/refund/confirm',
    {
      schema: {
        tags: ['admin'],
        summary: '确认退款（订约金原路退还）',
        params: adminIdParamSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const outcome = await auditedConfirmRefund(
        app.db,
        currentUser(request).id,
        request.params.id,
        options,
      );
      return ok(null, refundMessage(outcome, '退款已确认，订约金已原路退还'));
    },
  );

  app.post(
    '/api/admin/orders/:id/refund/reject',
    {
      schema: {
        tags: ['admin'],
        summary: '驳回退款申请（原因发给购房人）',
        params: adminIdParamSchema,
        body: adminReasonSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await auditedRejectRefund(app.db, currentUser(request).id, id, request.body.reason);
      return ok(null, '已驳回退款申请');
    },
  );

  app.post(
    '/api/admin/orders/:id/files',
    {
      schema: {
        tags: ['admin'],
        summary: '上传发票或收据（multipart 字段 file；kind=invoice|receipt）',
        consumes: ['multipart/form-data'],
        params: adminIdParamSchema,
        querystring: adminOrderFileQuerySchema,
        response: { 200: envelopeOf(z.object({ path: z.string(), url: z.string() })) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await getAdminOrder(app.db, app.storage, id);
      const saved = await saveOperatorUpload(
        request,
        app.storage,
        orderFileFolder(id),
        'document',
        'private',
      );
      await attachOrderFile(app.db, currentUser(request).id, id, request.query.kind, saved.path);
      return ok({ path: saved.path, url: saved.url }, '上传成功');
    },
  );
};
