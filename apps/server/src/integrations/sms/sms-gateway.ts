import type { CodePurpose } from '@portal/shared/schemas/auth';

/**
 * A notification SMS (no code): providers send registered templates with parameters.
 * LISTING_CONFIRM asks a listing's owner to confirm it is still available (`title`);
 * SUBSCRIPTION tells a subscriber what happened (`title`: the subscription, `detail`: the news)
 * and ends with the unsubscribe link (`link`).
 */
export type SmsNotice =
  | { template: 'LISTING_CONFIRM'; params: { title: string } }
  | { template: 'SUBSCRIPTION'; params: { title: string; detail: string; link: string } };

/** What an SMS provider must do for the portal: deliver verification codes and notices. */
export interface SmsGateway {
  /**
   * Delivers `code` to `phone` (11 mainland digits). Throws an AppError with a Chinese message
   * when the provider refuses (see sms-errors.ts); the provider's own code is kept as `cause`.
   */
  sendCode(phone: string, code: string, purpose: CodePurpose): Promise<void>;
  /** Delivers a notice to `phone`; throws an AppError when the provider refuses. */
  sendNotice(phone: string, notice: SmsNotice): Promise<void>;
  /** Provider name for logs: 模拟短信, 阿里云短信, 腾讯云短信. */
  readonly name: string;
}

/** How long one provider call may take before the citizen is told to try again (ms). */
export const SMS_TIMEOUT_MS = 5_000;
