import { PASSWORD_RULE_MESSAGE } from '@portal/shared/schemas/auth';
import { PASSWORD_PATTERN, PHONE_PATTERN, SMS_CODE_PATTERN } from '@portal/shared/validators';
import type { FormRule } from 'antd';

/** Phone rules with the page's own texts (docs/product/accounts.md). */
export function phoneRules(emptyText: string, badText: string): FormRule[] {
  return [
    { required: true, message: emptyText },
    { pattern: PHONE_PATTERN, message: badText },
  ];
}

/** Six-digit SMS code: 请输入验证码 / 验证码格式错误 (docs/product/accounts.md). */
export const CODE_RULES: FormRule[] = [
  { required: true, message: '请输入验证码' },
  { pattern: SMS_CODE_PATTERN, message: '验证码格式错误' },
];

/** The one password rule (docs/product/accounts.md) with the page's message. */
export function newPasswordRules(badText: string = PASSWORD_RULE_MESSAGE): FormRule[] {
  return [
    { required: true, message: '请输入密码' },
    { pattern: PASSWORD_PATTERN, message: badText },
  ];
}

/** Keeps only digits, at most `max` (phone and code inputs, docs/product/accounts.md). */
export function digitsOnly(max: number) {
  return (event: { target: { value: string } }): string =>
    event.target.value.replace(/\D/g, '').slice(0, max);
}

/** Strips Chinese characters from a password input (docs/product/accounts.md). */
export function withoutChinese(event: { target: { value: string } }): string {
  return event.target.value.replace(/[\u4e00-\u9fa5]/g, '').slice(0, 20);
}
