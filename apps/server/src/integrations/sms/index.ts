import type { SmsSettings } from '../../config/index';
import { DIRECT, type OutboundProxy } from '../outbound-proxy';
import { createAliyunSmsGateway } from './aliyun-sms';
import { SMS_TIMEOUT_MS, type SmsGateway } from './sms-gateway';
import { simulatedSmsGateway } from './sms-simulator';
import { createTencentSmsGateway } from './tencent-sms';

export type { SmsGateway } from './sms-gateway';

/** The SMS gateway chosen by configuration; null when the service is switched off (503). */
export function createSmsGateway(
  settings: SmsSettings,
  proxy: OutboundProxy = DIRECT,
): SmsGateway | null {
  switch (settings.provider) {
    case 'aliyun':
      // Its SDK connects directly whatever it is given (docs/operations.md, "Endpoints and proxies").
      return createAliyunSmsGateway(settings);
    case 'tencent':
      return createTencentSmsGateway(settings, SMS_TIMEOUT_MS, proxy);
    case 'simulator':
      return simulatedSmsGateway;
    case 'off':
      return null;
  }
}
