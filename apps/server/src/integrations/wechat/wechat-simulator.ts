import type { WechatLoginGateway } from './wechat-gateway';

/** The simulator: the QR opens `/dev/wechat/<ticket>`, a confirm page on the same origin. */
export const wechatSimulator: WechatLoginGateway = {
  name: '模拟微信',
  simulated: true,
  async qrContentFor({ ticket, origin }) {
    return `${origin}/dev/wechat/${ticket}`;
  },
};
