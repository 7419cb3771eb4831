import type { SmsGateway } from './sms-gateway';

/**
 * The simulator: the stored `sms_codes` row is the outbox (`/dev/sms`, `GET /api/dev/sms`), so
 * delivery itself has nothing more to do; a notice's record is the notice in 我的消息 written with
 * it.
 */
export const simulatedSmsGateway: SmsGateway = {
  name: '模拟短信',
  sendCode: async () => undefined,
  sendNotice: async () => undefined,
};
