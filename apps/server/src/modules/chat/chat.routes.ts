import fastifyWebsocket from '@fastify/websocket';
import { CHAT_LIMITS } from '@portal/shared/constants/chat';
import {
  chatConversationSchema,
  chatHistoryQuerySchema,
  chatHistorySchema,
  chatIdParamsSchema,
  chatMessageSchema,
  chatReadBodySchema,
  chatStartBodySchema,
  chatTextBodySchema,
  chatUnreadSchema,
} from '@portal/shared/schemas/chat';
import { envelopeOf } from '@portal/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config/index';
import { ok } from '../../lib/envelope';
import { readSingleUpload } from '../../lib/single-upload';
import { currentUser, requireUser } from '../access/index';
import { assertCanSend, getConversationAccess } from './chat-access';
import type { ChatHub, ChatSocket } from './chat-hub';
import { storeChatImage } from './chat-image';
import { listMessages } from './chat-messages.queries';
import { chatSafetyRoutes } from './chat-safety.routes';
import { registerChatSocket } from './chat-socket.routes';
import { getConversation, listConversations, totalUnread } from './chat.queries';
import { startConversation } from './chat.service';

export interface ChatRoutesOptions {
  config: Pick<AppConfig, 'publicOrigin' | 'nodeEnv' | 'redisUrl' | 'redisPrefix'>;
  /** The live hub the app started (`startChatHub`), shared with the operators' service inbox. */
  hub: ChatHub;
}

/** Server ping interval; a socket that missed one pong is dropped. */
const HEARTBEAT_MS = 30_000;
/** Largest frame a client may send. */
const MAX_FRAME_BYTES = 16 * 1024;

/**
 * 房聊: REST for the conversation list, history, sending and read marks, block and report, and
 * the socket `/api/chat/ws` that pushes messages, delivery and read state live through the hub
 * (`startChatHub`). The operators' screens (`chat.admin.routes.ts`) share the same hub and are
 * mounted with the operator API.
 */
export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, options) => {
  const { config, hub } = options;

  const alive = new WeakSet<ChatSocket>();
  const heartbeat = setInterval(() => {
    for (const socket of hub.allSockets()) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
  });

  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });

  app.get(
    '/api/chat/conversations',
    {
      preHandler: requireUser,
      schema: {
        tags: ['chat'],
        summary: '房聊会话列表（最后一条消息、时间、未读数）',
        response: { 200: envelopeOf(z.array(chatConversationSchema)) },
      },
    },
    async (request) => ok(await listConversations(app.db, currentUser(request).id)),
  );

  app.post(
    '/api/chat/conversations',
    {
      preHandler: requireUser,
      schema: {
        tags: ['chat'],
        summary: '就某套已发布房源与发布人房聊，或联系平台客服（不能按用户编号发起）',
        body: chatStartBodySchema,
        response: { 200: envelopeOf(chatConversationSchema) },
      },
    },
    async (request) => ok(await startConversation(app.db, currentUser(request).id, request.body)),
  );

  app.get(
    '/api/chat/conversations/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['chat'],
        summary: '一个房聊会话',
        params: chatIdParamsSchema,
        response: { 200: envelopeOf(chatConversationSchema) },
      },
    },
    async (request) =>
      ok(await getConversation(app.db, currentUser(request).id, request.params.id)),
  );

  app.get(
    '/api/chat/conversations/:id/messages',
    {
      preHandler: requireUser,
      schema: {
        tags: ['chat'],
        summary: '消息记录（before 向上翻页，after 补取断线期间的消息）',
        params: chatIdParamsSchema,
        querystring: chatHistoryQuerySchema,
        response: { 200: envelopeOf(chatHistorySchema) },
      },
    },
    async (request) =>
      ok(await listMessages(app.db, currentUser(request).id, request.params.id, request.query)),
  );

  app.post(
    '/api/chat/conversations/:id/messages',
    {
      preHandler: requireUser,
      schema: {
        tags: ['chat'],
        summary: '发送文字消息（存储后返回）',
        params: chatIdParamsSchema,
        body: chatTextBodySchema,
        response: { 200: envelopeOf(chatMessageSchema) },
      },
    },
    async (request) =>
      ok(
        await hub.sendText(
          currentUser(request).id,
          request.params.id,
          request.body.text,
          request.body.clientId,
        ),
        '发送成功',
      ),
  );

  app.post(
    '/api/chat/conversations/:id/images',
    {
      preHandler: requireUser,
      schema: {
        tags: ['chat'],
        summary: '发送图片消息（multipart 字段 file，JPG/PNG）',
        consumes: ['multipart/form-data'],
        params: chatIdParamsSchema,
        response: { 200: envelopeOf(chatMessageSchema) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const access = await getConversationAccess(app.db, userId, request.params.id);
      await assertCanSend(app.db, access);
      const message = await hub.sendImage(userId, access.id, async () => {
        const upload = await readSingleUpload(request, CHAT_LIMITS.maxImageBytes, '请选择图片');
        return storeChatImage(app.storage, access.id, upload.bytes);
      });
      return ok(message, '发送成功');
    },
  );

  app.post(
    '/api/chat/conversations/:id/read',
    {
      preHandler: requireUser,
      schema: {
        tags: ['chat'],
        summary: '标记已读',
        params: chatIdParamsSchema,
        body: chatReadBodySchema.optional(),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await hub.read(currentUser(request).id, request.params.id, request.body?.upToId);
      return ok(null);
    },
  );

  app.get(
    '/api/chat/unread',
    {
      preHandler: requireUser,
      schema: {
        tags: ['chat'],
        summary: '房聊未读消息总数（顶栏角标）',
        response: { 200: envelopeOf(chatUnreadSchema) },
      },
    },
    async (request) => ok({ unread: await totalUnread(app.db, currentUser(request).id) }),
  );

  await app.register(chatSafetyRoutes);
  registerChatSocket(app, { config, hub, alive });
};
