import {
  chatConversationSchema,
  chatHistoryQuerySchema,
  chatHistorySchema,
  chatIdParamsSchema,
  chatMessageSchema,
  chatReadBodySchema,
  chatTextBodySchema,
} from '@portal/shared/schemas/chat';
import {
  adminChatDecisionSchema,
  adminChatReportQuerySchema,
  adminChatReportSchema,
} from '@portal/shared/schemas/chat/admin';
import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import { adminIdParamSchema } from '@portal/shared/schemas/common/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser } from '../access/index';
import { recordAudit } from '../audit/index';
import type { ChatHub } from './chat-hub';
import { listMessages } from './chat-messages.queries';
import { listChatReports } from './chat-reports.admin.queries';
import { decideChatReport, reportedMessages } from './chat-reports.admin.service';
import { serviceAccountId } from './chat-service-account';
import { listConversations } from './chat.queries';

/**
 * The operator console's 房聊 screens, under the one admin guard of `/api/admin/`: reported
 * conversations (read, then dismiss or uphold), and the service channel's inbox, where any
 * operator answers citizens as 平台客服 (each reply audited with the operator's id).
 */
export const chatAdminRoutes: FastifyPluginAsyncZod<{ hub: ChatHub }> = async (app, options) => {
  const { hub } = options;

  app.get(
    '/api/admin/chat/reports',
    {
      schema: {
        tags: ['admin'],
        summary: '房聊举报（待处理的先提交的在前）',
        querystring: adminChatReportQuerySchema,
        response: { 200: envelopeOf(pagedOf(adminChatReportSchema)) },
      },
    },
    async (request) => ok(await listChatReports(app.db, request.query)),
  );

  app.get(
    '/api/admin/chat/reports/:id/messages',
    {
      schema: {
        tags: ['admin'],
        summary: '被举报会话的消息记录',
        params: adminIdParamSchema,
        querystring: chatHistoryQuerySchema,
        response: { 200: envelopeOf(chatHistorySchema) },
      },
    },
    async (request) => ok(await reportedMessages(app.db, request.params.id, request.query)),
  );

  app.post(
    '/api/admin/chat/reports/:id/decision',
    {
      schema: {
        tags: ['admin'],
        summary: '处理房聊举报：不成立，或成立并关闭会话（通知双方）',
        params: adminIdParamSchema,
        body: adminChatDecisionSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await decideChatReport(app.db, currentUser(request).id, request.params.id, request.body);
      return ok(null, request.body.decision === 'uphold' ? '举报成立，会话已关闭' : '已处理');
    },
  );

  app.get(
    '/api/admin/chat/service/conversations',
    {
      schema: {
        tags: ['admin'],
        summary: '平台客服会话列表（未读数）',
        response: { 200: envelopeOf(z.array(chatConversationSchema)) },
      },
    },
    async () => ok(await listConversations(app.db, await serviceAccountId(app.db))),
  );

  app.get(
    '/api/admin/chat/service/conversations/:id/messages',
    {
      schema: {
        tags: ['admin'],
        summary: '平台客服会话的消息记录',
        params: chatIdParamsSchema,
        querystring: chatHistoryQuerySchema,
        response: { 200: envelopeOf(chatHistorySchema) },
      },
    },
    async (request) => {
      const serviceId = await serviceAccountId(app.db);
      return ok(await listMessages(app.db, serviceId, request.params.id, request.query));
    },
  );

  app.post(
    '/api/admin/chat/service/conversations/:id/messages',
    {
      schema: {
        tags: ['admin'],
        summary: '以平台客服身份回复（记录操作日志）',
        params: chatIdParamsSchema,
        body: chatTextBodySchema,
        response: { 200: envelopeOf(chatMessageSchema) },
      },
    },
    async (request) => {
      const serviceId = await serviceAccountId(app.db);
      const { id } = request.params;
      const message = await hub.sendText(serviceId, id, request.body.text, request.body.clientId);
      await recordAudit(app.db, {
        actorId: currentUser(request).id,
        action: 'chat.serviceReply',
        targetType: 'chat',
        targetId: id,
        after: { messageId: message.id },
      });
      return ok(message, '发送成功');
    },
  );

  app.post(
    '/api/admin/chat/service/conversations/:id/read',
    {
      schema: {
        tags: ['admin'],
        summary: '平台客服会话标记已读',
        params: chatIdParamsSchema,
        body: chatReadBodySchema.optional(),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const serviceId = await serviceAccountId(app.db);
      await hub.read(serviceId, request.params.id, request.body?.upToId);
      return ok(null);
    },
  );
};
