import type { WechatSettings } from '../../config/index';
import { AppError } from '../../lib/app-error';
import type { WechatLoginGateway } from './wechat-gateway';
import { WechatMpApi } from './wechat-mp-api';
import type { SharedStore } from './wechat-shared-store';

type MpSettings = Extract<WechatSettings, { provider: 'mp' }>;

/** The Official Account side of sign-in: QR creation and the scanning user's unionid. */
export interface WechatMpGateway extends WechatLoginGateway {
  /** The user's unionid (when the account is bound to an Open Platform account), else null. */
  unionidOf(openid: string): Promise<string | null>;
  /** The callback token of the account's server configuration (signature check). */
  readonly callbackToken: string;
  /** The account's AppID, which the JS-SDK's `wx.config` names. */
  readonly appId: string;
  /** The EncodingAESKey of 安全模式, or null for plain-text callbacks. */
  readonly encodingAesKey: string | null;
  /** Keeps the access token in the application's shared store (Redis when configured). */
  shareThrough(store: SharedStore): void;
  /** A fresh JS-SDK ticket (ticket/getticket, type jsapi) and its lifetime in seconds. */
  jsapiTicket(): Promise<{ ticket: string; expiresIn: number }>;
}

/**
 * WeChat Official Account temporary parametric QR codes (qrcode/create, QR_STR_SCENE): the
 * scene is our ticket; WeChat answers a ticket and the `url` the QR encodes. Scans arrive as
 * `subscribe`/`SCAN` events on our callback (wechat-callback.ts).
 */
export function createWechatMpGateway(
  settings: MpSettings,
  api = new WechatMpApi(settings),
): WechatMpGateway {
  return {
    name: '微信公众号',
    simulated: false,
    callbackToken: settings.token,
    appId: settings.appId,
    encodingAesKey: settings.encodingAesKey ?? null,
    shareThrough: (store) => api.shareThrough(store),
    async qrContentFor({ ticket, ttlSeconds }) {
      const answer = await api.call('/cgi-bin/qrcode/create', {
        expire_seconds: ttlSeconds,
        action_name: 'QR_STR_SCENE',
        action_info: { scene: { scene_str: ticket } },
      });
      if (typeof answer.url !== 'string') throw new AppError('WECHAT_UNAVAILABLE');
      return answer.url;
    },
    async unionidOf(openid) {
      const query = new URLSearchParams({ openid, lang: 'zh_CN' });
      const answer = await api.call(`/cgi-bin/user/info?${query.toString()}`);
      return typeof answer.unionid === 'string' ? answer.unionid : null;
    },
    async jsapiTicket() {
      const answer = await api.call('/cgi-bin/ticket/getticket?type=jsapi');
      if (typeof answer.ticket !== 'string' || !answer.ticket) {
        throw new AppError('WECHAT_UNAVAILABLE');
      }
      return { ticket: answer.ticket, expiresIn: Number(answer.expires_in ?? 7200) };
    },
  };
}
