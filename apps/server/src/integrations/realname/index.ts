import type { RealnameSettings } from '../../config/index';
import { DIRECT, type OutboundProxy } from '../outbound-proxy';
import { REALNAME_TIMEOUT_MS, type RealnameGateway } from './realname-gateway';
import { realnameSimulator } from './realname-simulator';
import { createTencentFaceidGateway } from './tencent-faceid';

export type { RealnameGateway } from './realname-gateway';
export { RealnameService, type RealnameQr } from './realname-service';
export { forgetRealnameRequestsOfAccount, type RealnameAccounts } from './realname-requests';

/** The face-verification gateway chosen by configuration; null when switched off (503). */
export function createRealnameGateway(
  settings: RealnameSettings,
  proxy: OutboundProxy = DIRECT,
): RealnameGateway | null {
  switch (settings.provider) {
    case 'tencent':
      return createTencentFaceidGateway(settings, REALNAME_TIMEOUT_MS, proxy);
    case 'simulator':
      return realnameSimulator;
    case 'off':
      return null;
  }
}
