import { createRequire } from 'node:module';
import type { ChatServerFrame } from '@portal/shared/schemas/chat';

/** The part of the `ws` client the tests use (the package ships no types of its own). */
interface WsClient {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'close', listener: (code: number) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(
    event: 'unexpected-response',
    listener: (req: unknown, res: { statusCode: number }) => void,
  ): void;
}

type WsConstructor = new (url: string, options?: { headers?: Record<string, string> }) => WsClient;

const WebSocketClient = createRequire(import.meta.url)('ws') as WsConstructor;

/** A chat socket in a test: collects frames and waits for the one a test expects. */
export class TestSocket {
  readonly frames: ChatServerFrame[] = [];
  private waiters: Array<() => void> = [];
  closed = false;
  /** The close code once closed (4401: session refused or ended). */
  closeCode: number | null = null;

  private constructor(readonly ws: WsClient) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString('utf8')) as ChatServerFrame);
      this.waiters.forEach((wake) => wake());
    });
    ws.on('close', (code) => {
      this.closed = true;
      this.closeCode = code;
      this.waiters.forEach((wake) => wake());
    });
  }

  /**
   * Opens a socket (with extra handshake headers, e.g. a cookie); resolves once open, or rejects
   * with the HTTP status of a refused handshake.
   */
  static open(
    url: string,
    origin: string | undefined,
    headers: Record<string, string> = {},
  ): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocketClient(url, {
        headers: { ...headers, ...(origin ? { origin } : {}) },
      });
      const socket = new TestSocket(ws);
      ws.on('open', () => resolve(socket));
      ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.on('error', (error) => reject(error));
    });
  }

  send(frame: object): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** The first frame (already received or coming) that matches, within a time limit. */
  waitFor<T extends ChatServerFrame>(
    match: (frame: ChatServerFrame) => frame is T,
    timeoutMs?: number,
  ): Promise<T>;
  waitFor(match: (frame: ChatServerFrame) => boolean, timeoutMs?: number): Promise<ChatServerFrame>;
  waitFor(match: (frame: ChatServerFrame) => boolean, timeoutMs = 3000): Promise<ChatServerFrame> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.frames.find(match);
        if (found) {
          cleanup();
          resolve(found);
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no matching frame; got ${JSON.stringify(this.frames)}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((wake) => wake !== check);
      };
      this.waiters.push(check);
      check();
    });
  }

  /** Resolves when the server closed the socket. */
  waitClosed(timeoutMs = 3000): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.closed) return resolve();
      const timer = setTimeout(() => reject(new Error('socket still open')), timeoutMs);
      this.waiters.push(() => {
        if (this.closed) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }

  close(): void {
    this.ws.close();
  }

  /** Drops the connection without a closing handshake, like a lost network. */
  drop(): void {
    this.ws.terminate();
  }
}
