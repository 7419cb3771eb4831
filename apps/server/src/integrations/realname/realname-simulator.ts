import type { RealnameGateway } from './realname-gateway';

/**
 * The face-verification simulator: the phone opens `/dev/realname/<token>` on the same origin,
 * whose form completes the request in-process (realname.dev-routes.ts). Nothing to fetch.
 */
export const realnameSimulator: RealnameGateway = {
  name: '模拟实名认证',
  simulated: true,
  async start({ token, returnUrl }) {
    return { url: new URL(`/dev/realname/${token}`, returnUrl).href, providerToken: token };
  },
  async fetchResult() {
    return { status: 'pending' };
  },
};
