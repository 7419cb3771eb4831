import { API_CODES } from '@portal/shared/codes';
import { chatClientFrameSchema, type ChatServerFrame } from '@portal/shared/schemas/chat';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppConfig, isAllowedSocketOrigin } from '../../config/index';
import { AppError } from '../../lib/app-error';
import { sessionTokenFromCookie } from '../access/index';
import { resolveSession } from '../auth/index';
import { CLOSE_SESSION_ENDED, type ChatHub, type ChatSocket } from './chat-hub';

/** A socket that has not signed in within this time is closed. */
const AUTH_TIMEOUT_MS = 5000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/** The `ws` socket as @fastify/websocket hands it over. */
interface ServerSocket extends ChatSocket {
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close' | 'pong', listener: () => void): void;
}

interface SignedIn {
  userId: number;
  sessionId: number;
  token: string;
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

function hasQueryToken(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  return query?.token !== undefined;
}

async function sessionOf(app: FastifyInstance, token: string) {
  return TOKEN_PATTERN.test(token) ? resolveSession(app.db, token) : null;
}

/**
 * The socket `/api/chat/ws`. The Origin is checked before the upgrade; the session token comes
 * in the first frame (`auth`) or, from the web app, in the session cookie of the upgrade
 * request — never in the URL, which reaches access logs. Every `send`
 * and `read` checks the session again, so a revoked session cannot go on writing.
 */
export function registerChatSocket(
  app: FastifyInstance,
  options: {
    config: Pick<AppConfig, 'publicOrigin' | 'nodeEnv'>;
    hub: ChatHub;
    alive: WeakSet<ChatSocket>;
  },
): void {
  const { config, hub, alive } = options;
  app.get(
    '/api/chat/ws',
    {
      websocket: true,
      schema: { tags: ['chat'], summary: '房聊 WebSocket（首帧 auth 登录）', hide: true },
      onRequest: async (request) => {
        if (!isAllowedSocketOrigin(config, request.headers.origin)) {
          throw new AppError('FORBIDDEN', '不允许的来源');
        }
        if (hasQueryToken(request)) {
          throw new AppError('VALIDATION_FAILED', '登录令牌不能放在地址中，请连接后以 auth 帧发送');
        }
      },
    },
    (rawSocket, request) => {
      const socket = rawSocket as unknown as ServerSocket;
      const cookieToken = sessionTokenFromCookie(request);
      let signedIn: SignedIn | null = null;
      let isClosed = false;
      let queue: Promise<void> = Promise.resolve();
      const sendFrame = (frame: ChatServerFrame) => {
        if (socket.readyState === 1) socket.send(JSON.stringify(frame));
      };
      const endSession = (clientId?: string | null) => {
        sendFrame(frameOf(new AppError('INVALID_SESSION'), clientId));
        socket.close(CLOSE_SESSION_ENDED, 'invalid session');
      };
      alive.add(socket);
      socket.on('pong', () => alive.add(socket));
      const timer = setTimeout(() => {
        if (signedIn === null) socket.close(CLOSE_SESSION_ENDED, 'auth timeout');
      }, AUTH_TIMEOUT_MS);

      const signIn = async (token: string, mode: 'chat' | 'badge') => {
        const user = await sessionOf(app, token);
        if (!user) return endSession();
        clearTimeout(timer);
        if (isClosed) return;
        signedIn = { userId: user.id, sessionId: user.sessionId, token };
        await hub.attach(user.id, socket, { sessionId: user.sessionId, mode });
        sendFrame({ type: 'ready', userId: user.id });
      };

      const handle = async (data: Buffer) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(data.toString('utf8'));
        } catch {
          return sendFrame(frameOf(new AppError('MALFORMED_JSON')));
        }
        const result = chatClientFrameSchema.safeParse(parsed);
        if (!result.success) return sendFrame(frameOf(new AppError('VALIDATION_FAILED')));
        const frame = result.data;
        if (signedIn === null) {
          if (frame.type !== 'auth') return endSession();
          const token = frame.token ?? cookieToken;
          return token ? signIn(token, frame.mode ?? 'chat') : endSession();
        }
        if (frame.type === 'ping') return sendFrame({ type: 'pong' });
        if (frame.type !== 'send' && frame.type !== 'read') return;
        const clientId = frame.type === 'send' ? (frame.clientId ?? null) : undefined;
        const user = await sessionOf(app, signedIn.token);
        if (!user || user.sessionId !== signedIn.sessionId) {
          hub.detach(signedIn.userId, socket);
          return endSession(clientId);
        }
        try {
          if (frame.type === 'send') {
            const message = await hub.sendText(user.id, frame.conversationId, frame.text, clientId);
            sendFrame({ type: 'ack', clientId: clientId ?? null, message });
          } else {
            await hub.read(user.id, frame.conversationId, frame.upToId);
          }
        } catch (error) {
          if (!(error instanceof AppError)) request.log.error({ err: error }, 'chat frame failed');
          sendFrame(frameOf(error, clientId));
        }
      };

      socket.on('message', (data) => {
        queue = queue
          .then(() => handle(data))
          .catch((error: unknown) => request.log.error({ err: error }, 'chat socket failure'));
      });
      socket.on('close', () => {
        isClosed = true;
        clearTimeout(timer);
        if (signedIn !== null) hub.detach(signedIn.userId, socket);
      });
    },
  );
}
