import type { RealnameSettings } from '../../config/index';
import type { RealnameGateway } from './realname-gateway';
import { realnameSimulator } from './realname-simulator';
import { createTencentFaceidGateway } from './tencent-faceid';

export type { RealnameGateway } from './realname-gateway';
export { RealnameService, type RealnameQr } from './realname-service';

/** The face-verification gateway chosen by configuration; null when switched off (503). */
export function createRealnameGateway(settings: RealnameSettings): RealnameGateway | null {
  switch (settings.provider) {
    case 'tencent':
      return createTencentFaceidGateway(settings);
    case 'simulator':
      return realnameSimulator;
    case 'off':
      return null;
  }
}
