import type { SmsSettings } from '../../config/index';
import { createAliyunSmsGateway } from './aliyun-sms';
import type { SmsGateway } from './sms-gateway';
import { simulatedSmsGateway } from './sms-simulator';
import { createTencentSmsGateway } from './tencent-sms';

export type { SmsGateway } from './sms-gateway';

/** The SMS gateway chosen by configuration; null when the service is switched off (503). */
export function createSmsGateway(settings: SmsSettings): SmsGateway | null {
  switch (settings.provider) {
    case 'aliyun':
      return createAliyunSmsGateway(settings);
    case 'tencent':
      return createTencentSmsGateway(settings);
    case 'simulator':
      return simulatedSmsGateway;
    case 'off':
      return null;
  }
}
