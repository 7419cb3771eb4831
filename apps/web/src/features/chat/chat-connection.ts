import { API_CODE } from '@portal/shared/api-code';
import type { ChatClientFrame, ChatServerFrame } from '@portal/shared/schemas/chat';

/** `unauthorised`: the server refused or ended the session; only signing in again helps. */
export type ConnectionStatus = 'connecting' | 'online' | 'offline' | 'unauthorised';

export interface ChatConnectionOptions {
  /**
   * The open session (null when signed out). The socket's upgrade request carries the session
   * cookie, and the first frame (`auth`) asks the server to sign the socket in with it.
   */
  getSession: () => string | null;
  /** `badge`: only the unread total is pushed (the site shell); default the whole 房聊. */
  mode?: 'chat' | 'badge';
  onFrame: (frame: ChatServerFrame) => void;
  onStatus: (status: ConnectionStatus) => void;
  /** After every (re)connection is signed in: fetch what was missed while away. */
  onReady: () => void;
  /** The server refused the token: stop reconnecting. */
  onUnauthorised: () => void;
  /** Test seam: the socket factory. */
  createSocket?: (url: string) => WebSocket;
}

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
const PING_MS = 25_000;

/** Delay before reconnect attempt `attempt` (0-based): 1 s doubling to 30 s, with ±20 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempt);
  return Math.round(base * (0.8 + random() * 0.4));
}

/** The socket URL on the page's own host (`ws:` or `wss:` to match the page). */
export function chatSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/chat/ws`;
}

/**
 * The chat socket with reconnection: signs in (with the session cookie) by the first frame, keeps a ping going, and on
 * a drop retries with exponential back-off; every successful sign-in calls `onReady`.
 */
export class ChatConnection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private stopped = false;
  private ready = false;

  constructor(
    private readonly url: string,
    private readonly options: ChatConnectionOptions,
  ) {}

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    this.socket?.close();
    this.socket = null;
  }

  get isReady(): boolean {
    return this.ready && this.socket?.readyState === WebSocket.OPEN;
  }

  /** Sends a frame if signed in; false means the caller should fall back to HTTP. */
  send(frame: ChatClientFrame): boolean {
    if (!this.isReady || !this.socket) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** Reconnects at once (e.g. the network came back) instead of waiting for the back-off. */
  reconnectNow(): void {
    if (this.stopped || this.socket) return;
    clearTimeout(this.retryTimer);
    this.open();
  }

  private open(): void {
    if (!this.options.getSession()) {
      this.options.onUnauthorised();
      return;
    }
    this.options.onStatus('connecting');
    const socket = this.options.createSocket?.(this.url) ?? new WebSocket(this.url);
    this.socket = socket;
    this.ready = false;
    const mode = this.options.mode ?? 'chat';
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', mode }));
    socket.onmessage = (event: MessageEvent) => {
      let frame: ChatServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ChatServerFrame;
      } catch {
        return;
      }
      if (frame.type === 'ready') {
        this.ready = true;
        this.attempt = 0;
        this.options.onStatus('online');
        clearInterval(this.pingTimer);
        this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_MS);
        this.options.onReady();
        return;
      }
      if (frame.type === 'error' && frame.code === API_CODE.INVALID_SESSION) {
        this.stopped = true;
        this.options.onUnauthorised();
      }
      this.options.onFrame(frame);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.ready = false;
      clearInterval(this.pingTimer);
      if (this.stopped) return;
      this.options.onStatus('offline');
      const delay = backoffDelay(this.attempt);
      this.attempt += 1;
      this.retryTimer = setTimeout(() => this.open(), delay);
    };
  }
}
