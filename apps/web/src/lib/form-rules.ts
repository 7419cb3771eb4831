import { registerSchema, resetPasswordSchema } from '@portal/shared/schemas/auth';
import type { FormRule } from 'antd';
import { zodFieldRules } from './zod-rules';

/**
 * The sign-in, registration and password fields' rules, taken from the shared auth schemas
 * (packages/shared/src/schemas/auth.ts) through `zod-rules.ts`, so the forms check the server's
 * patterns with its messages (docs/decisions/0047-layers-and-one-validation-path.md).
 */

/** Phone rules with the page's own texts (docs/product/accounts.md). */
export function phoneRules(emptyText: string, badText: string): FormRule[] {
  return zodFieldRules(resetPasswordSchema.shape.phone, {
    requiredMessage: emptyText,
    patternMessage: badText,
  });
}

/** Six-digit SMS code: 请输入验证码 / 验证码格式错误 (docs/product/accounts.md). */
export const CODE_RULES: FormRule[] = zodFieldRules(resetPasswordSchema.shape.code);

/** A password of spaces only is refused by the password rule, as on the server, not as empty. */
const spacesCount = (rules: FormRule[]): FormRule[] =>
  rules.map((rule) =>
    typeof rule === 'object' && 'whitespace' in rule ? { ...rule, whitespace: false } : rule,
  );

/** The one password rule (docs/product/accounts.md): 修改密码 and 忘记密码's new password. */
export const NEW_PASSWORD_RULES: FormRule[] = spacesCount(
  zodFieldRules(resetPasswordSchema.shape.newPwd),
);

/** Registration's password: the same pattern, refused as 密码格式不正确. */
export const REGISTER_PASSWORD_RULES: FormRule[] = spacesCount(
  zodFieldRules(registerSchema.shape.password),
);

/** Keeps only digits, at most `max` (phone and code inputs, docs/product/accounts.md). */
export function digitsOnly(max: number) {
  return (event: { target: { value: string } }): string =>
    event.target.value.replace(/\D/g, '').slice(0, max);
}

/** Strips Chinese characters from a password input (docs/product/accounts.md). */
export function withoutChinese(event: { target: { value: string } }): string {
  return event.target.value.replace(/[\u4e00-\u9fa5]/g, '').slice(0, 20);
}
