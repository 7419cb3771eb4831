import type { ServicesConfig } from './services';

const PROVIDER_NAMES: Record<string, string> = {
  simulator: '模拟',
  off: '已停用',
  aliyun: '阿里云',
  tencent: '腾讯云',
  mp: '微信公众号',
  alipay: '支付宝',
  tianditu: '天地图',
  offline: '离线底图',
};

/**
 * One start-up line naming the provider of each outside service, so an operator sees at a
 * glance what citizens will get (模拟 and 已停用 included).
 */
export function servicesSummary(services: ServicesConfig): string {
  const name = (provider: string) => PROVIDER_NAMES[provider] ?? provider;
  return [
    `短信 ${name(services.sms.provider)}`,
    `微信登录 ${name(services.wechat.provider)}`,
    `实名认证 ${name(services.realname.provider)}`,
    `支付 ${name(services.payment.provider)}`,
    `地图 ${name(services.map.provider)}`,
  ].join('｜');
}
