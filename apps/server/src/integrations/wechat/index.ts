import type { WechatSettings } from '../../config/index';
import { DIRECT, type OutboundProxy } from '../outbound-proxy';
import { WECHAT_TIMEOUT_MS, type WechatLoginGateway } from './wechat-gateway';
import { createWechatMpGateway, type WechatMpGateway } from './wechat-mp';
import { WechatMpApi } from './wechat-mp-api';
import {
  createWechatOAuthMp,
  createWechatOAuthSimulator,
  type WechatOAuthGateway,
} from './wechat-oauth';
import type { SharedStore } from './wechat-shared-store';
import { wechatSimulator } from './wechat-simulator';

export type { WechatLoginGateway } from './wechat-gateway';
export type { WechatMpGateway } from './wechat-mp';
export type { WechatOAuthGateway } from './wechat-oauth';
export { forgetWechatTicketsOfAccount } from './wechat-tickets';

/** The WeChat sign-in gateway chosen by configuration; null when switched off (503). */
export function createWechatGateway(
  settings: WechatSettings,
  proxy: OutboundProxy = DIRECT,
): WechatLoginGateway | WechatMpGateway | null {
  switch (settings.provider) {
    case 'mp':
      return createWechatMpGateway(settings, new WechatMpApi(settings, WECHAT_TIMEOUT_MS, proxy));
    case 'simulator':
      return wechatSimulator;
    case 'off':
      return null;
  }
}

/**
 * WeChat web authorisation (sign-in inside WeChat's browser) by configuration: the Official
 * Account's, the simulator's (its codes kept in `store`), or null when WeChat is off.
 */
export function createWechatOAuthGateway(
  settings: WechatSettings,
  store: SharedStore,
  proxy: OutboundProxy = DIRECT,
): WechatOAuthGateway | null {
  switch (settings.provider) {
    case 'mp':
      return createWechatOAuthMp(settings, proxy, WECHAT_TIMEOUT_MS);
    case 'simulator':
      return createWechatOAuthSimulator(() => store);
    case 'off':
      return null;
  }
}
