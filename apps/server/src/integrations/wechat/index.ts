import type { WechatSettings } from '../../config/index';
import type { WechatLoginGateway } from './wechat-gateway';
import { createWechatMpGateway, type WechatMpGateway } from './wechat-mp';
import { wechatSimulator } from './wechat-simulator';

export type { WechatLoginGateway } from './wechat-gateway';
export type { WechatMpGateway } from './wechat-mp';

/** The WeChat sign-in gateway chosen by configuration; null when switched off (503). */
export function createWechatGateway(
  settings: WechatSettings,
): WechatLoginGateway | WechatMpGateway | null {
  switch (settings.provider) {
    case 'mp':
      return createWechatMpGateway(settings);
    case 'simulator':
      return wechatSimulator;
    case 'off':
      return null;
  }
}
