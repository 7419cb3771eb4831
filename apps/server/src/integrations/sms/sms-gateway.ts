import type { SmsPurpose } from '@portal/shared/schemas/auth';

/** What an SMS provider must do for the portal: deliver one verification code. */
export interface SmsGateway {
  /** Delivers `code` to `phone`; throws when the provider refuses. */
  sendCode(phone: string, code: string, purpose: SmsPurpose): Promise<void>;
  /** 模拟 while the simulator is in use; shown nowhere to citizens. */
  readonly name: string;
}

/**
 * The simulator: the stored `sms_codes` row is the outbox (`/dev/sms`, `GET /api/dev/sms`), so
 * delivery itself has nothing more to do. A real provider adapter implements the same interface.
 */
export const simulatedSmsGateway: SmsGateway = {
  name: '模拟短信',
  sendCode: async () => undefined,
};
