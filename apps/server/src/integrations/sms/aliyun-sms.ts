import DysmsapiModule, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { RuntimeOptions } from '@darabonba/typescript';
import type { SmsSettings } from '../../config/index';
import { noticeTemplate, smsErrorFor, smsErrorOfThrown } from './sms-errors';
import { noticeVariables, SMS_TIMEOUT_MS, type SmsGateway } from './sms-gateway';

type AliyunSettings = Extract<SmsSettings, { provider: 'aliyun' }>;

/** The SDK is CommonJS: its class is the module's `default` export. */
const Dysmsapi =
  (DysmsapiModule as unknown as { default?: typeof DysmsapiModule }).default ?? DysmsapiModule;

/**
 * Alibaba Cloud SMS (短信服务 SendSms, API 2017-05-25) through the official SDK, which signs each
 * call (ACS3-HMAC-SHA256). The code template has one variable, `code`; a notice template has
 * the notice's parameters by name (e.g. `title`).
 */
export function createAliyunSmsGateway(
  settings: AliyunSettings,
  timeoutMs = SMS_TIMEOUT_MS,
): SmsGateway {
  const endpoint = new URL(settings.endpoint);
  const client = new Dysmsapi(
    new $OpenApiUtil.Config({
      accessKeyId: settings.accessKeyId,
      accessKeySecret: settings.accessKeySecret,
      endpoint: endpoint.host,
      protocol: endpoint.protocol.replace(':', ''),
    }),
  );
  const runtime = new RuntimeOptions({
    readTimeout: timeoutMs,
    connectTimeout: timeoutMs,
    autoretry: false,
  });
  const send = async (phone: string, templateCode: string, params: Record<string, string>) => {
    const request = new SendSmsRequest({
      phoneNumbers: phone,
      signName: settings.signName,
      templateCode,
      templateParam: JSON.stringify(params),
    });
    let answer: { code?: string; message?: string } | undefined;
    try {
      answer = (await client.sendSmsWithOptions(request, runtime)).body;
    } catch (error) {
      throw smsErrorOfThrown('aliyun', error);
    }
    if (answer?.code !== 'OK') {
      throw smsErrorFor('aliyun', answer?.code ?? 'EmptyAnswer', answer?.message ?? '');
    }
  };
  return {
    name: '阿里云短信',
    sendCode: (phone, code) => send(phone, settings.template, { code }),
    sendNotice: (phone, notice) =>
      send(phone, noticeTemplate(settings.noticeTemplates, notice), noticeVariables(notice)),
  };
}
