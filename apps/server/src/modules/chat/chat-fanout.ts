import type { ChatServerFrame } from '@portal/shared/schemas/chat';
import { Redis } from 'ioredis';

/** A frame for the sockets of some users, wherever (on whichever instance) they are held. */
export interface FanoutEvent {
  userIds: number[];
  frame: ChatServerFrame;
}

/**
 * Carries chat events to every server instance. Each instance delivers an event to the sockets
 * it holds itself; the publisher's own instance receives its events too.
 */
export interface ChatFanout {
  publish(event: FanoutEvent): Promise<void>;
  onEvent(handler: (event: FanoutEvent) => void): void;
  close(): Promise<void>;
}

/** One process: events go straight to the local handler. */
export class InProcessFanout implements ChatFanout {
  private handlers: Array<(event: FanoutEvent) => void> = [];

  async publish(event: FanoutEvent): Promise<void> {
    for (const handler of this.handlers) handler(event);
  }

  onEvent(handler: (event: FanoutEvent) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.handlers = [];
  }
}

function isFanoutEvent(value: unknown): value is FanoutEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Partial<FanoutEvent>;
  return Array.isArray(event.userIds) && typeof event.frame?.type === 'string';
}

/**
 * Several instances: events go through one Redis pub/sub channel (`<prefix>chat:events`), which
 * every instance subscribes to. Needs two connections (a subscribed one cannot publish).
 */
export class RedisFanout implements ChatFanout {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  private handlers: Array<(event: FanoutEvent) => void> = [];
  private readonly ready: Promise<unknown>;

  constructor(url: string, prefix: string, onError: (error: Error) => void) {
    this.channel = `${prefix}chat:events`;
    this.publisher = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 3000 });
    // The subscription waits for Redis however long it takes and is renewed after reconnects.
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null, connectTimeout: 3000 });
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel !== this.channel) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return;
      }
      if (!isFanoutEvent(parsed)) return;
      for (const handler of this.handlers) handler(parsed);
    });
    this.ready = this.subscriber.subscribe(this.channel);
  }

  /** Resolves once the channel subscription is in place. */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  async publish(event: FanoutEvent): Promise<void> {
    await this.publisher.publish(this.channel, JSON.stringify(event));
  }

  onEvent(handler: (event: FanoutEvent) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.handlers = [];
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }
}
