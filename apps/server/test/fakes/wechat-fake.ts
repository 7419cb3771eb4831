import { createHash, randomBytes } from 'node:crypto';
import type { FakeAnswer, FakeRequest } from './fake-server';

export const MP_APP_ID = 'wx0123456789abcdef';
export const MP_APP_SECRET = '0123456789abcdef0123456789abcdef';
export const MP_TOKEN = 'portalCallback2026';
export const MP_ACCOUNT = 'gh_0123456789ab';

/**
 * The Official Account server API for what the site uses: cgi-bin/stable_token (POST,
 * client_credential: the current token until it expires, a new one with force_refresh; the older
 * cgi-bin/token, which replaces the token on every call, is answered too), qrcode/create (temporary QR_STR_SCENE codes), user/info (unionid) and ticket/getticket (the
 * JS-SDK ticket), with WeChat's error answers (`errcode`/`errmsg`, HTTP 200). `revokeTokens()`
 * makes issued tokens invalid (40001); `ticketError` makes getticket answer that error;
 * `userInfoDelayMs` makes user/info slow.
 */
export class FakeWechat {
  readonly scenes = new Map<string, string>();
  tokenRequests = 0;
  /** getticket requests answered, refused ones included. */
  ticketRequests = 0;
  slow = false;
  /** How long user/info takes to answer (ms). */
  userInfoDelayMs = 0;
  /** user/info requests answered. */
  userInfoRequests = 0;
  /** The current stable token and when it expires (ms since 1970). */
  private stable: { token: string; until: number } | null = null;
  /** The JS-SDK tickets handed out, the last one current. */
  readonly tickets: string[] = [];
  ticketError: { errcode: number; errmsg: string } | null = null;
  private tokens = new Set<string>();

  /** Every access token handed out so far (none may reach a log). */
  get issuedTokens(): string[] {
    return [...this.tokens, ...(this.stable ? [this.stable.token] : [])];
  }

  revokeTokens(): void {
    this.tokens.clear();
    this.stable = null;
  }

  private newToken(): string {
    const token = randomBytes(16).toString('hex');
    this.tokens.add(token);
    return token;
  }

  handle = (request: FakeRequest): FakeAnswer => {
    const json = (body: unknown): FakeAnswer => ({ body: JSON.stringify(body) });
    const query = request.url.searchParams;
    if (this.slow) return { delayMs: 3_000, body: '{}' };
    if (request.url.pathname === '/cgi-bin/stable_token' && request.method === 'POST') {
      this.tokenRequests += 1;
      const body = JSON.parse(request.body || '{}') as {
        grant_type?: string;
        appid?: string;
        secret?: string;
        force_refresh?: boolean;
      };
      if (body.grant_type !== 'client_credential') {
        return json({ errcode: 40002, errmsg: 'invalid grant_type' });
      }
      if (body.appid !== MP_APP_ID || body.secret !== MP_APP_SECRET) {
        return json({ errcode: 40125, errmsg: 'invalid appsecret' });
      }
      if (body.force_refresh || !this.stable || this.stable.until <= Date.now()) {
        this.stable = { token: this.newToken(), until: Date.now() + 7200_000 };
      }
      const expiresIn = Math.floor((this.stable.until - Date.now()) / 1000);
      return json({ access_token: this.stable.token, expires_in: expiresIn });
    }
    if (request.url.pathname === '/cgi-bin/token') {
      this.tokenRequests += 1;
      if (query.get('appid') !== MP_APP_ID || query.get('secret') !== MP_APP_SECRET) {
        return json({ errcode: 40125, errmsg: 'invalid appsecret' });
      }
      return json({ access_token: this.newToken(), expires_in: 7200 });
    }
    if (!this.tokens.has(query.get('access_token') ?? '')) {
      return json({
        errcode: 40001,
        errmsg: 'invalid credential, access_token is invalid or not latest',
      });
    }
    if (request.url.pathname === '/cgi-bin/qrcode/create' && request.method === 'POST') {
      const body = JSON.parse(request.body) as {
        expire_seconds: number;
        action_name: string;
        action_info: { scene: { scene_str: string } };
      };
      if (body.action_name !== 'QR_STR_SCENE')
        return json({ errcode: 40097, errmsg: 'invalid args' });
      const ticket = `gQ${randomBytes(12).toString('hex')}`;
      const url = `http://weixin.qq.com/q/02${randomBytes(8).toString('hex')}`;
      this.scenes.set(body.action_info.scene.scene_str, url);
      return json({ ticket, expire_seconds: body.expire_seconds, url });
    }
    if (request.url.pathname === '/cgi-bin/ticket/getticket') {
      if (query.get('type') !== 'jsapi') return json({ errcode: 40097, errmsg: 'invalid args' });
      this.ticketRequests += 1;
      if (this.ticketError) return json(this.ticketError);
      const ticket = `kgt8ON7yVITDhtdwci0qe${randomBytes(24).toString('base64url')}`;
      this.tickets.push(ticket);
      return json({ errcode: 0, errmsg: 'ok', ticket, expires_in: 7200 });
    }
    if (request.url.pathname === '/cgi-bin/user/info') {
      this.userInfoRequests += 1;
      const openid = query.get('openid') ?? '';
      const answer = json({ subscribe: 1, openid, unionid: `union_${openid}`, language: 'zh_CN' });
      return this.userInfoDelayMs ? { ...answer, delayMs: this.userInfoDelayMs } : answer;
    }
    return json({ errcode: 48001, errmsg: 'api unauthorized' });
  };
}

/** The query WeChat adds to a callback: signature = sha1 of token, timestamp and nonce sorted. */
export function signedCallbackQuery(
  timestamp = String(Math.floor(Date.now() / 1000)),
  nonce = randomBytes(6).toString('hex'),
  token = MP_TOKEN,
): string {
  const signature = createHash('sha1')
    .update([token, timestamp, nonce].sort().join(''))
    .digest('hex');
  return new URLSearchParams({ signature, timestamp, nonce }).toString();
}

/** The event WeChat posts when `openid` scans a parametric QR (`SCAN`, or `subscribe` first time). */
export function scanEventXml(
  openid: string,
  scene: string,
  event: 'SCAN' | 'subscribe' = 'SCAN',
): string {
  const key = event === 'subscribe' ? `qrscene_${scene}` : scene;
  return `<xml><ToUserName><![CDATA[${MP_ACCOUNT}]]></ToUserName><FromUserName><![CDATA[${openid}]]></FromUserName><CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event><EventKey><![CDATA[${key}]]></EventKey><Ticket><![CDATA[gQfake]]></Ticket></xml>`;
}

/** The query of an encrypted (安全模式) callback: signature as above, msg_signature over Encrypt. */
export function encryptedCallbackQuery(
  encrypted: string,
  timestamp = String(Math.floor(Date.now() / 1000)),
  nonce = randomBytes(6).toString('hex'),
  token = MP_TOKEN,
): string {
  const sha1 = (parts: string[]) => createHash('sha1').update(parts.sort().join('')).digest('hex');
  return new URLSearchParams({
    signature: sha1([token, timestamp, nonce]),
    timestamp,
    nonce,
    openid: 'ignored',
    encrypt_type: 'aes',
    msg_signature: sha1([token, timestamp, nonce, encrypted]),
  }).toString();
}

/** The body WeChat posts in 安全模式: the account and the encrypted message. */
export function encryptedEnvelopeXml(encrypted: string): string {
  return `<xml><ToUserName><![CDATA[${MP_ACCOUNT}]]></ToUserName><Encrypt><![CDATA[${encrypted}]]></Encrypt></xml>`;
}
