import type { CodePurpose } from '@portal/shared/schemas/auth';

/**
 * A notification SMS (no code): providers send registered templates with parameters, each a
 * short text (see `smsVariable`): links are never parameters, a template's link is its own
 * constant text (docs/operations.md).
 * LISTING_CONFIRM asks a listing's owner to confirm it is still available (`title`);
 * SUBSCRIPTION tells a subscriber what happened: `title` the subscription (a project's name or a
 * search), `detail` the news; unsubscribing is in 我的订阅, which the template names.
 * LOTTERY tells a buyer of a 摇号 step: `title` the batch, `detail` the step (资格审核通过, 轮到您选房…);
 * the template names 我的摇号.
 */
export type SmsNotice =
  | { template: 'LISTING_CONFIRM'; params: { title: string } }
  | { template: 'SUBSCRIPTION'; params: { title: string; detail: string } }
  | { template: 'LOTTERY'; params: { title: string; detail: string } };

/** The most characters a template variable may hold (Alibaba Cloud's limit for one variable). */
export const SMS_VARIABLE_MAX = 35;

/**
 * A text as a template variable may carry it: anything that looks like a link removed (Tencent
 * Cloud refuses links in variables, and a link must not reach a phone through a user's text),
 * white space collapsed, and at most 35 characters, shortened with an ellipsis.
 */
export function smsVariable(text: string): string {
  const clean = text
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S*/gi, '')
    .replace(/\bwww\.\S*/gi, '')
    .replace(
      /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:cn|com|net|org|gov|top|xyz|cc|io|me|info)\b\S*/gi,
      '',
    )
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(clean);
  return chars.length <= SMS_VARIABLE_MAX
    ? clean
    : `${chars.slice(0, SMS_VARIABLE_MAX - 1).join('')}…`;
}

/** A notice's parameters as template variables, in their written order. */
export function noticeVariables(notice: SmsNotice): Record<string, string> {
  return Object.fromEntries(
    Object.entries(notice.params).map(([name, value]) => [name, smsVariable(value)]),
  );
}

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
