import fastifyWebsocket from '@fastify/websocket';
import { API_CODES } from '@portal/shared/codes';
import { CHAT_LIMITS } from '@portal/shared/constants/chat';
import {
  chatClientFrameSchema,
  chatConversationSchema,
  chatHistoryQuerySchema,
  chatHistorySchema,
  chatIdParamsSchema,
  chatMessageSchema,
  chatReadBodySchema,
  chatStartBodySchema,
  chatTextBodySchema,
  chatUnreadSchema,
  type ChatServerFrame,
} from '@portal/shared/schemas/chat';
import { envelopeOf } from '@portal/shared/schemas/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppConfig, isAllowedSocketOrigin } from '../../config/index';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { readSingleUpload } from '../../lib/single-upload';
import { currentUser, requireUser } from '../../plugins/auth';
import { resolveSession } from '../auth/session.service';
import { type ChatFanout, InProcessFanout, RedisFanout } from './chat-fanout';
import { ChatHub, type ChatSocket } from './chat-hub';
import { storeChatImage } from './chat-image';
import {
  getConversation,
  getConversationAccess,
  listConversations,
  listMessages,
  startConversation,
  totalUnread,
} from './chat.service';

export interface ChatRoutesOptions {
  config: Pick<AppConfig, 'publicOrigin' | 'nodeEnv' | 'redisUrl' | 'redisPrefix' | 'uploadsDir'>;
}

/** A socket that has not signed in within this time is closed. */
const AUTH_TIMEOUT_MS = 5000;
/** Server ping interval; a socket that missed one pong is dropped. */
const HEARTBEAT_MS = 30_000;
/** Largest frame a client may send. */
const MAX_FRAME_BYTES = 16 * 1024;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;
/** How long start-up waits for the Redis subscription before going on without it. */
const REDIS_READY_WAIT_MS = 5000;

/** The `ws` socket as @fastify/websocket hands it over. */
interface ServerSocket extends ChatSocket {
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close' | 'pong', listener: () => void): void;
}

function frameOf(error: unknown, clientId?: string | null): ChatServerFrame {
  if (error instanceof AppError) {
    return { type: 'error', code: error.code, message: error.message, clientId };
  }
  return {
    type: 'error',
    code: API_CODES.INTERNAL_ERROR.code,
    message: API_CODES.INTERNAL_ERROR.message,
    clientId,
  };
}

function tokenFromQuery(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.token === 'string' ? query.token : undefined;
}

/**
 * 房聊: REST for the conversation list, history, sending and read marks, and the socket
 * `/api/chat/ws` that pushes messages, delivery and read state live. Fan-out runs through
 * Redis pub/sub when REDIS_URL is set (several instances), in process otherwise.
 */
export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, options) => {
  const { config } = options;
  const fanout: ChatFanout = config.redisUrl
    ? new RedisFanout(config.redisUrl, config.redisPrefix, (error) =>
        app.log.warn({ err: error }, 'chat redis error'),
      )
    : new InProcessFanout();
  if (fanout instanceof RedisFanout) {
    // Start even when Redis is late: history stays complete, live pushes begin once it answers.
    const timeout = new Promise<'timeout'>((resolve) => {
      setTimeout(() => resolve('timeout'), REDIS_READY_WAIT_MS).unref();
    });
    const ready = await Promise.race([fanout.whenReady().then(() => 'ready' as const), timeout]);
    if (ready === 'timeout')
      app.log.warn('chat: Redis not reachable yet, live fan-out waits for it');
  }
  const hub = new ChatHub(app.db, fanout, app.log);

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
    await fanout.close();
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
        summary: '发起或继续与某用户的房聊',
        body: chatStartBodySchema,
        response: { 200: envelopeOf(chatConversationSchema) },
      },
    },
    async (request) =>
      ok(
        await startConversation(
          app.db,
          currentUser(request).id,
          request.body.targetId,
          request.body.listingId,
        ),
      ),
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
      hub.checkRate(userId);
      const { bytes } = await readSingleUpload(request, CHAT_LIMITS.maxImageBytes, '请选择图片');
      const stored = await storeChatImage(config.uploadsDir, access.id, bytes);
      return ok(await hub.sendImage(userId, access.id, stored), '发送成功');
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

  app.get(
    '/api/chat/ws',
    {
      websocket: true,
      schema: {
        tags: ['chat'],
        summary: '房聊 WebSocket（token 查询参数或首帧 auth）',
        hide: true,
      },
      onRequest: async (request) => {
        if (!isAllowedSocketOrigin(config, request.headers.origin)) {
          throw new AppError('FORBIDDEN', '不允许的来源');
        }
        const token = tokenFromQuery(request);
        if (token === undefined) return;
        const user = TOKEN_PATTERN.test(token) ? await resolveSession(app.db, token) : null;
        if (!user) throw new AppError('INVALID_SESSION');
        request.user = user;
      },
    },
    (rawSocket, request) => {
      const socket = rawSocket as unknown as ServerSocket;
      let userId: number | null = request.user?.id ?? null;
      let queue: Promise<void> = Promise.resolve();
      const sendFrame = (frame: ChatServerFrame) => {
        if (socket.readyState === 1) socket.send(JSON.stringify(frame));
      };
      alive.add(socket);
      socket.on('pong', () => alive.add(socket));

      const signIn = async (id: number) => {
        userId = id;
        await hub.attach(id, socket);
        sendFrame({ type: 'ready', userId: id });
      };

      const timer =
        userId === null
          ? setTimeout(() => {
              if (userId === null) socket.close(4401, 'auth timeout');
            }, AUTH_TIMEOUT_MS)
          : undefined;

      const handle = async (data: Buffer) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(data.toString('utf8'));
        } catch {
          sendFrame(frameOf(new AppError('MALFORMED_JSON')));
          return;
        }
        const result = chatClientFrameSchema.safeParse(parsed);
        if (!result.success) {
          sendFrame(frameOf(new AppError('VALIDATION_FAILED')));
          return;
        }
        const frame = result.data;
        if (userId === null) {
          const user =
            frame.type === 'auth' && TOKEN_PATTERN.test(frame.token)
              ? await resolveSession(app.db, frame.token)
              : null;
          if (!user) {
            sendFrame(frameOf(new AppError('INVALID_SESSION')));
            socket.close(4401, 'invalid session');
            return;
          }
          clearTimeout(timer);
          await signIn(user.id);
          return;
        }
        const clientId = frame.type === 'send' ? (frame.clientId ?? null) : undefined;
        try {
          if (frame.type === 'send') {
            const message = await hub.sendText(
              userId,
              frame.conversationId,
              frame.text,
              frame.clientId,
            );
            sendFrame({ type: 'ack', clientId: frame.clientId ?? null, message });
          } else if (frame.type === 'read') {
            await hub.read(userId, frame.conversationId, frame.upToId);
          } else if (frame.type === 'ping') {
            sendFrame({ type: 'pong' });
          }
        } catch (error) {
          if (!(error instanceof AppError)) request.log.error({ err: error }, 'chat frame failed');
          sendFrame(frameOf(error, clientId));
        }
      };

      socket.on('message', (data) => {
        queue = queue
          .then(() => handle(data))
          .catch((error: unknown) => {
            request.log.error({ err: error }, 'chat socket failure');
          });
      });
      socket.on('close', () => {
        clearTimeout(timer);
        if (userId !== null) hub.detach(userId, socket);
      });

      if (userId !== null) {
        const id = userId;
        queue = queue
          .then(() => signIn(id))
          .catch((error: unknown) => {
            request.log.error({ err: error }, 'chat socket sign-in failed');
          });
      }
    },
  );
};
