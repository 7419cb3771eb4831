import { sms } from 'tencentcloud-sdk-nodejs-sms';
import type { SmsSettings } from '../../config/index';
import { DIRECT, tencentHttpProfile, type OutboundProxy } from '../outbound-proxy';
import { noticeTemplate, smsErrorFor, smsErrorOfThrown } from './sms-errors';
import { noticeVariables, SMS_TIMEOUT_MS, type SmsGateway } from './sms-gateway';

/** The SMS client of API version 2021-01-11 (the package's root export works for ESM and the bundle). */
const { Client } = sms.v20210111;

type TencentSettings = Extract<SmsSettings, { provider: 'tencent' }>;

/** Minutes a code stays valid, the template's second variable (docs/operations.md). */
const CODE_MINUTES = '5';

/**
 * Tencent Cloud SMS (SendSms, API 2021-01-11) through the official SDK, which signs each call
 * (TC3-HMAC-SHA256). The template has two variables: {1} the code, {2} its minutes.
 */
export function createTencentSmsGateway(
  settings: TencentSettings,
  timeoutMs = SMS_TIMEOUT_MS,
  proxy: OutboundProxy = DIRECT,
): SmsGateway {
  const endpoint = new URL(settings.endpoint);
  const client = new Client({
    credential: { secretId: settings.secretId, secretKey: settings.secretKey },
    region: settings.region,
    profile: {
      httpProfile: {
        endpoint: endpoint.host,
        protocol: `${endpoint.protocol}//`,
        reqTimeout: timeoutMs / 1000,
        ...tencentHttpProfile(proxy, endpoint),
      },
    },
  });
  const send = async (phone: string, templateId: string, params: string[]) => {
    let status: { Code?: string; Message?: string } | undefined;
    try {
      const answer = await client.SendSms({
        PhoneNumberSet: [`+86${phone}`],
        SmsSdkAppId: settings.sdkAppId,
        SignName: settings.signName,
        TemplateId: templateId,
        TemplateParamSet: params,
      });
      status = answer.SendStatusSet?.[0];
    } catch (error) {
      throw smsErrorOfThrown('tencent', error);
    }
    if (status?.Code !== 'Ok') {
      throw smsErrorFor('tencent', status?.Code ?? 'EmptyAnswer', status?.Message ?? '');
    }
  };
  return {
    name: '腾讯云短信',
    sendCode: (phone, code) => send(phone, settings.template, [code, CODE_MINUTES]),
    // Tencent templates number their variables: the notice's parameters in their written order.
    sendNotice: (phone, notice) =>
      send(
        phone,
        noticeTemplate(settings.noticeTemplates, notice),
        Object.values(noticeVariables(notice)),
      ),
  };
}
