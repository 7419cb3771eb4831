import { CHAT_LIMITS } from '@portal/shared/constants/chat';
import type { ChatMessage, ChatServerFrame } from '@portal/shared/schemas/chat';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ChatFanout, FanoutEvent } from './chat-fanout';
import { markDelivered, markRead, storeMessage } from './chat.service';

/** The part of a `ws` socket the hub uses. */
export interface ChatSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  ping(): void;
  terminate(): void;
}

const OPEN = 1;

/** Checks a text message: not blank, at most `CHAT_LIMITS.maxTextLength` characters. */
export function checkText(text: string): string {
  if (text.trim().length === 0 || [...text].length > CHAT_LIMITS.maxTextLength) {
    throw new AppError('CHAT_MESSAGE_INVALID');
  }
  return text;
}

/**
 * The chat switchboard of one instance: the sockets it holds per user, the send rate per user,
 * and the rules of sending (store first, then fan out to both participants, then delivery and
 * read receipts back to the sender).
 */
export class ChatHub {
  private readonly sockets = new Map<number, Set<ChatSocket>>();
  private readonly sendWindows = new Map<number, { start: number; count: number }>();

  constructor(
    private readonly db: Db,
    private readonly fanout: ChatFanout,
    private readonly log: FastifyBaseLogger,
  ) {
    fanout.onEvent((event) => this.deliverLocally(event));
  }

  /** Registers a signed-in socket and marks what was waiting for the user as delivered. */
  async attach(userId: number, socket: ChatSocket): Promise<void> {
    let set = this.sockets.get(userId);
    if (!set) {
      set = new Set();
      this.sockets.set(userId, set);
    }
    set.add(socket);
    await this.confirmDelivery(userId);
  }

  detach(userId: number, socket: ChatSocket): void {
    const set = this.sockets.get(userId);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.sockets.delete(userId);
  }

  /** Every socket this instance holds (for the heartbeat and shutdown). */
  allSockets(): ChatSocket[] {
    return [...this.sockets.values()].flatMap((set) => [...set]);
  }

  /** Sends a text message: checked, rate-limited, stored, then fanned out. */
  async sendText(
    userId: number,
    conversationId: number,
    text: string,
    clientId?: string | null,
  ): Promise<ChatMessage> {
    checkText(text);
    return this.send(userId, { conversationId, type: 'text', body: text, clientId });
  }

  /** Sends an image message whose file is already stored (`path` under the uploads root). */
  async sendImage(userId: number, conversationId: number, path: string): Promise<ChatMessage> {
    return this.send(userId, { conversationId, type: 'image', body: path });
  }

  /** Marks messages read and tells both participants. */
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
  }

  /** Counts a send against the user's window; over the limit throws RATE_LIMITED. */
  checkRate(userId: number, now = Date.now()): void {
    const window = this.sendWindows.get(userId);
    if (!window || now - window.start >= CHAT_LIMITS.rateWindowMs) {
      this.sendWindows.set(userId, { start: now, count: 1 });
      return;
    }
    window.count += 1;
    if (window.count > CHAT_LIMITS.ratePerWindow) {
      throw new AppError('RATE_LIMITED', '发送过于频繁，请稍后再试');
    }
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
    this.checkRate(userId);
    const { message: stored, created } = await storeMessage(this.db, {
      senderId: userId,
      ...message,
    });
    if (created) {
      await this.publish({
        userIds: [stored.receiverId, stored.senderId],
        frame: { type: 'message', message: stored },
      });
    }
    return stored;
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
    const text = JSON.stringify(event.frame);
    for (const userId of new Set(event.userIds)) {
      const set = this.sockets.get(userId);
      if (!set || set.size === 0) continue;
      let sent = false;
      for (const socket of set) {
        if (socket.readyState !== OPEN) continue;
        socket.send(text);
        sent = true;
      }
      const frame = event.frame;
      if (sent && frame.type === 'message' && frame.message.receiverId === userId) {
        void this.confirmDelivery(userId, [frame.message.id]).catch((error: unknown) =>
          this.log.warn({ err: error }, 'chat delivery receipt failed'),
        );
      }
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
