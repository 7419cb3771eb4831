import type { SmsPurpose } from '@portal/shared/schemas/auth';

/**
 * A notification SMS (no code): providers send registered templates with parameters.
 * LISTING_CONFIRM asks a listing's owner to confirm it is still available (`title`).
 */
export interface SmsNotice {
  template: 'LISTING_CONFIRM';
  params: { title: string };
}

/** What an SMS provider must do for the portal: deliver verification codes and notices. */
export interface SmsGateway {
  /** Delivers `code` to `phone`; throws when the provider refuses. */
  sendCode(phone: string, code: string, purpose: SmsPurpose): Promise<void>;
  /** Delivers a notice to `phone`; throws when the provider refuses. */
  sendNotice(phone: string, notice: SmsNotice): Promise<void>;
  /** 模拟 while the simulator is in use; shown nowhere to citizens. */
  readonly name: string;
}

/**
 * The simulator: the stored `sms_codes` row is the outbox (`/dev/sms`, `GET /api/dev/sms`), so
 * delivery itself has nothing more to do; a notice's record is the notice in 我的消息 written
 * with it. A real provider adapter implements the same interface.
 */
export const simulatedSmsGateway: SmsGateway = {
  name: '模拟短信',
  sendCode: async () => undefined,
  sendNotice: async () => undefined,
};
