import { CHAT_LIMITS } from '@portal/shared/constants/chat';
import type { ChatMessage, ChatServerFrame } from '@portal/shared/schemas/chat';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { liveSessionIds, onSessionsEnded } from '../auth/index';
import type { ChatFanout, FanoutEvent } from './chat-fanout';
import { markDelivered, markRead, storeMessage } from './chat-messages.service';
import type { SendRateLimiter } from './chat-rate';
import { totalUnread } from './chat.queries';

/** The part of a `ws` socket the hub uses. */
export interface ChatSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  ping(): void;
  terminate(): void;
}

/**
 * How a socket signed in: `chat` (the 房聊 page: messages, receipts) or `badge` (the site
 * shell: only the unread total). `sessionId` is checked again whenever sessions end.
 */
export interface SocketSignIn {
  sessionId: number;
  mode: 'chat' | 'badge';
}

const OPEN = 1;
/** Close code of a socket whose session ended (the client asks the user to sign in again). */
export const CLOSE_SESSION_ENDED = 4401;

/** Checks a text message: not blank, at most `CHAT_LIMITS.maxTextLength` characters. */
export function checkText(text: string): string {
  if (text.trim().length === 0 || [...text].length > CHAT_LIMITS.maxTextLength) {
    throw new AppError('CHAT_MESSAGE_INVALID');
  }
  return text;
}

/**
 * The chat switchboard of one instance: the sockets it holds per user, and the rules of sending
 * (rate, store first, then fan out to both participants, then delivery and read receipts and
 * the receiver's unread total). Closes sockets whose session has ended, on every instance.
 */
export class ChatHub {
  private readonly sockets = new Map<number, Map<ChatSocket, SocketSignIn>>();
  private readonly stopListening: () => void;

  constructor(
    private readonly db: Db,
    private readonly fanout: ChatFanout,
    private readonly limiter: SendRateLimiter,
    private readonly log: FastifyBaseLogger,
  ) {
    fanout.onEvent((event) => this.deliverLocally(event));
    this.stopListening = onSessionsEnded(
      (userId) => void this.publish({ userIds: [userId], sessionsEnded: true }),
    );
  }

  /**
   * Registers a signed-in socket, sends it the unread total and, for the 房聊 page, marks what
   * was waiting as delivered. A socket that closed while signing in is not kept.
   */
  async attach(userId: number, socket: ChatSocket, signIn: SocketSignIn): Promise<void> {
    if (socket.readyState !== OPEN) return;
    let held = this.sockets.get(userId);
    if (!held) {
      held = new Map();
      this.sockets.set(userId, held);
    }
    held.set(socket, signIn);
    if (signIn.mode === 'badge') {
      const unread = await totalUnread(this.db, userId);
      if (socket.readyState === OPEN) socket.send(JSON.stringify({ type: 'unread', unread }));
    } else {
      await this.confirmDelivery(userId);
    }
  }

  detach(userId: number, socket: ChatSocket): void {
    const held = this.sockets.get(userId);
    if (!held) return;
    held.delete(socket);
    if (held.size === 0) this.sockets.delete(userId);
  }

  /** Every socket this instance holds (for the heartbeat and shutdown). */
  allSockets(): ChatSocket[] {
    return [...this.sockets.values()].flatMap((held) => [...held.keys()]);
  }

  /** Stops listening for ended sessions and closes the send counters. */
  async close(): Promise<void> {
    this.stopListening();
    await this.limiter.close();
  }

  /** Counts one send of a user; over the limit throws RATE_LIMITED (429). */
  private async checkRate(userId: number): Promise<void> {
    if (!(await this.limiter.hit(userId))) {
      throw new AppError('RATE_LIMITED', '发送过于频繁，请稍后再试');
    }
  }

  /** Sends a text message: checked, counted, stored, then fanned out. */
  async sendText(
    userId: number,
    conversationId: number,
    text: string,
    clientId?: string | null,
  ): Promise<ChatMessage> {
    checkText(text);
    await this.checkRate(userId);
    return this.send(userId, { conversationId, type: 'text', body: text, clientId });
  }

  /**
   * Sends an image message: counted first (before the upload is read), then `storeFile` stores
   * the picture and returns its path under the uploads root, then the message is stored and
   * fanned out.
   */
  async sendImage(
    userId: number,
    conversationId: number,
    storeFile: () => Promise<string>,
  ): Promise<ChatMessage> {
    await this.checkRate(userId);
    const path = await storeFile();
    return this.send(userId, { conversationId, type: 'image', body: path });
  }

  /** Marks messages read and tells both participants, and the reader's new unread total. */
  async read(userId: number, conversationId: number, upToId?: number): Promise<void> {
    const result = await markRead(this.db, userId, conversationId, upToId);
    if (!result) return;
    await this.publish({
      userIds: [userId, result.peerId],
      frame: {
        type: 'read',
        conversationId,
        readerId: userId,
        upToId: result.upToId,
        at: result.at.toISOString(),
      },
    });
    await this.publishUnread(userId);
  }

  private async send(
    userId: number,
    message: {
      conversationId: number;
      type: 'text' | 'image';
      body: string;
      clientId?: string | null;
    },
  ): Promise<ChatMessage> {
    const { message: stored, created } = await storeMessage(this.db, {
      senderId: userId,
      ...message,
    });
    if (created) {
      await this.publish({
        userIds: [stored.receiverId, stored.senderId],
        frame: { type: 'message', message: stored },
      });
      await this.publishUnread(stored.receiverId);
    }
    return stored;
  }

  private async publishUnread(userId: number): Promise<void> {
    try {
      const unread = await totalUnread(this.db, userId);
      await this.publish({ userIds: [userId], frame: { type: 'unread', unread } });
    } catch (error) {
      this.log.warn({ err: error }, 'chat unread count failed');
    }
  }

  private async publish(event: FanoutEvent): Promise<void> {
    try {
      await this.fanout.publish(event);
    } catch (error) {
      // Stored messages are never lost: clients fetch what they missed when they reconnect.
      this.log.warn({ err: error }, 'chat fan-out failed');
    }
  }

  /** Hands an event to this instance's sockets of its users. */
  private deliverLocally(event: FanoutEvent): void {
    if ('sessionsEnded' in event) {
      for (const userId of new Set(event.userIds)) {
        void this.closeEndedSessions(userId).catch((error: unknown) =>
          this.log.warn({ err: error }, 'chat session check failed'),
        );
      }
      return;
    }
    const { frame } = event;
    const text = JSON.stringify(frame);
    const mode = frame.type === 'unread' ? 'badge' : 'chat';
    for (const userId of new Set(event.userIds)) {
      let sent = false;
      for (const [socket, signIn] of this.sockets.get(userId) ?? []) {
        if (signIn.mode !== mode || socket.readyState !== OPEN) continue;
        socket.send(text);
        sent = true;
      }
      if (sent && frame.type === 'message' && frame.message.receiverId === userId) {
        void this.confirmDelivery(userId, [frame.message.id]).catch((error: unknown) =>
          this.log.warn({ err: error }, 'chat delivery receipt failed'),
        );
      }
    }
  }

  /** Closes the user's sockets whose session was revoked or expired, or whose account is disabled. */
  private async closeEndedSessions(userId: number): Promise<void> {
    const held = this.sockets.get(userId);
    if (!held || held.size === 0) return;
    const live = await liveSessionIds(
      this.db,
      [...held.values()].map((signIn) => signIn.sessionId),
    );
    for (const [socket, signIn] of held) {
      if (live.has(signIn.sessionId)) continue;
      this.detach(userId, socket);
      if (socket.readyState !== OPEN) continue;
      const ended = new AppError('INVALID_SESSION');
      socket.send(JSON.stringify({ type: 'error', code: ended.code, message: ended.message }));
      socket.close(CLOSE_SESSION_ENDED, 'session ended');
    }
  }

  /** Marks messages to a user delivered and tells their senders (and the user's other tabs). */
  private async confirmDelivery(receiverId: number, ids?: number[]): Promise<void> {
    const changed = await markDelivered(this.db, receiverId, ids);
    const groups = new Map<number, { senderId: number; ids: number[] }>();
    for (const row of changed) {
      const group = groups.get(row.conversationId) ?? { senderId: row.senderId, ids: [] };
      group.ids.push(row.id);
      groups.set(row.conversationId, group);
    }
    const at = new Date().toISOString();
    for (const [conversationId, group] of groups) {
      const frame: ChatServerFrame = { type: 'delivered', conversationId, ids: group.ids, at };
      await this.publish({ userIds: [group.senderId, receiverId], frame });
    }
  }
}
