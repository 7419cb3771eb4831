import type { z } from 'zod';
import type { SmsNotice } from '../integrations/sms/sms-gateway';
import type { servicesEnvShape } from './services-env';

/** A template id per notice SMS the portal sends. */
/**
 * Template ids of the notice SMS; without a SUBSCRIPTION or LOTTERY template those SMS fail and
 * only the notice in 我的消息 is written.
 */
export type SmsNoticeTemplates = Record<'LISTING_CONFIRM', string> &
  Partial<Record<SmsNotice['template'], string>>;

type ServicesEnv = z.output<z.ZodObject<typeof servicesEnvShape>>;

/** 'simulator' while simulators run and no provider is named; 'off' answers 503. */
export type SmsSettings =
  | { provider: 'simulator' | 'off' }
  | {
      provider: 'aliyun';
      accessKeyId: string;
      accessKeySecret: string;
      endpoint: string;
      signName: string;
      template: string;
      /** Template ids of the notice SMS, by notice (integrations/sms/sms-gateway.ts). */
      noticeTemplates: SmsNoticeTemplates;
    }
  | {
      provider: 'tencent';
      secretId: string;
      secretKey: string;
      sdkAppId: string;
      region: string;
      endpoint: string;
      signName: string;
      template: string;
      /** Template ids of the notice SMS, by notice (integrations/sms/sms-gateway.ts). */
      noticeTemplates: SmsNoticeTemplates;
    };

export type WechatSettings =
  | { provider: 'simulator' | 'off' }
  | {
      provider: 'mp';
      appId: string;
      appSecret: string;
      token: string;
      apiBase: string;
      /** 安全模式 (encrypted callbacks) when set; plain-text callbacks otherwise. */
      encodingAesKey?: string;
    };

export type RealnameSettings =
  | { provider: 'simulator' | 'off' }
  | { provider: 'tencent'; secretId: string; secretKey: string; ruleId: string; endpoint: string };

export type PaymentSettings =
  | { provider: 'simulator' | 'off' }
  | {
      provider: 'alipay';
      appId: string;
      privateKey: string;
      alipayPublicKey: string;
      sellerId: string | undefined;
      gateway: string;
    };

/** Map tiles shown by the web app; `offline` draws the district base map. */
export interface MapSettings {
  provider: 'tianditu' | 'offline';
  key: string | undefined;
  /** 审图号 of the tile provider's map, shown with its attribution. */
  reviewNumber: string | undefined;
}

export interface ServicesConfig {
  sms: SmsSettings;
  wechat: WechatSettings;
  realname: RealnameSettings;
  payment: PaymentSettings;
  map: MapSettings;
  /** Link of the WeChat mini-program (URL Link); unset = QR codes open the site itself. */
  miniProgramUrl: string | undefined;
}

/** Unset provider: the simulator while simulators run, else switched off. */
function fallback(simulators: boolean): { provider: 'simulator' | 'off' } {
  return { provider: simulators ? 'simulator' : 'off' };
}

/**
 * The outside services chosen by the (already validated) environment: a named provider wins,
 * `off` switches the service off, unset means the simulator while simulators run.
 */
export function resolveServices(e: ServicesEnv, simulators: boolean): ServicesConfig {
  const need = (value: string | undefined) => value ?? '';
  const sms: SmsSettings =
    e.SMS_PROVIDER === 'aliyun'
      ? {
          provider: 'aliyun',
          accessKeyId: need(e.SMS_ALIYUN_ACCESS_KEY_ID),
          accessKeySecret: need(e.SMS_ALIYUN_ACCESS_KEY_SECRET),
          endpoint: e.SMS_ALIYUN_ENDPOINT,
          signName: need(e.SMS_SIGN_NAME),
          template: need(e.SMS_TEMPLATE),
          noticeTemplates: {
            LISTING_CONFIRM: need(e.SMS_TEMPLATE_LISTING_CONFIRM),
            SUBSCRIPTION: e.SMS_TEMPLATE_SUBSCRIPTION,
            LOTTERY: e.SMS_TEMPLATE_LOTTERY,
          },
        }
      : e.SMS_PROVIDER === 'tencent'
        ? {
            provider: 'tencent',
            secretId: need(e.SMS_TENCENT_SECRET_ID),
            secretKey: need(e.SMS_TENCENT_SECRET_KEY),
            sdkAppId: need(e.SMS_TENCENT_SDK_APP_ID),
            region: e.SMS_TENCENT_REGION,
            endpoint: e.SMS_TENCENT_ENDPOINT,
            signName: need(e.SMS_SIGN_NAME),
            template: need(e.SMS_TEMPLATE),
            noticeTemplates: {
              LISTING_CONFIRM: need(e.SMS_TEMPLATE_LISTING_CONFIRM),
              SUBSCRIPTION: e.SMS_TEMPLATE_SUBSCRIPTION,
              LOTTERY: e.SMS_TEMPLATE_LOTTERY,
            },
          }
        : e.SMS_PROVIDER === 'off'
          ? { provider: 'off' }
          : fallback(simulators);
  const wechat: WechatSettings =
    e.WECHAT_PROVIDER === 'mp'
      ? {
          provider: 'mp',
          appId: need(e.WECHAT_MP_APP_ID),
          appSecret: need(e.WECHAT_MP_APP_SECRET),
          token: need(e.WECHAT_MP_TOKEN),
          apiBase: e.WECHAT_API_BASE,
          encodingAesKey: e.WECHAT_MP_ENCODING_AES_KEY,
        }
      : e.WECHAT_PROVIDER === 'off'
        ? { provider: 'off' }
        : fallback(simulators);
  const realname: RealnameSettings =
    e.REALNAME_PROVIDER === 'tencent'
      ? {
          provider: 'tencent',
          secretId: need(e.FACEID_SECRET_ID),
          secretKey: need(e.FACEID_SECRET_KEY),
          ruleId: need(e.FACEID_RULE_ID),
          endpoint: e.FACEID_ENDPOINT,
        }
      : e.REALNAME_PROVIDER === 'off'
        ? { provider: 'off' }
        : fallback(simulators);
  const payment: PaymentSettings =
    e.PAYMENT_PROVIDER === 'alipay'
      ? {
          provider: 'alipay',
          appId: need(e.ALIPAY_APP_ID),
          privateKey: need(e.ALIPAY_PRIVATE_KEY),
          alipayPublicKey: need(e.ALIPAY_PUBLIC_KEY),
          sellerId: e.ALIPAY_SELLER_ID,
          gateway: e.ALIPAY_GATEWAY,
        }
      : e.PAYMENT_PROVIDER === 'off'
        ? { provider: 'off' }
        : fallback(simulators);
  return {
    sms,
    wechat,
    realname,
    payment,
    map: { provider: e.MAP_PROVIDER, key: e.MAP_KEY, reviewNumber: e.MAP_REVIEW_NUMBER },
    miniProgramUrl: e.MINI_PROGRAM_URL,
  };
}
