import type { WechatSettings } from '../../config/index';
import { DIRECT, type OutboundProxy } from '../outbound-proxy';
import { WECHAT_TIMEOUT_MS, type WechatLoginGateway } from './wechat-gateway';
import { createWechatMpGateway, type WechatMpGateway } from './wechat-mp';
import { WechatMpApi } from './wechat-mp-api';
import { wechatSimulator } from './wechat-simulator';

export type { WechatLoginGateway } from './wechat-gateway';
export type { WechatMpGateway } from './wechat-mp';

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
