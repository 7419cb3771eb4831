import { PASSWORD_RULE_MESSAGE } from '@portal/shared/schemas/auth';
import { PASSWORD_PATTERN, PHONE_PATTERN, SMS_CODE_PATTERN } from '@portal/shared/validators';
import type { FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import {
  CODE_RULES,
  digitsOnly,
  NEW_PASSWORD_RULES,
  phoneRules,
  REGISTER_PASSWORD_RULES,
  withoutChinese,
} from './form-rules';

describe('input filters', () => {
  it('keeps at most N digits in phone and code inputs', () => {
    expect(digitsOnly(11)({ target: { value: '138 0000-0001 99' } })).toBe('13800000001');
    expect(digitsOnly(6)({ target: { value: 'a1b2c3d4e5f6g7' } })).toBe('123456');
  });

  it('strips Chinese characters from passwords and keeps 20 characters', () => {
    expect(withoutChinese({ target: { value: 'Abc密码123' } })).toBe('Abc123');
    expect(withoutChinese({ target: { value: 'A'.repeat(25) } })).toHaveLength(20);
  });
});

describe('sign-in and password rules from the shared auth schemas', () => {
  const summary = (rules: FormRule[]) =>
    rules.map((rule) => {
      const r = rule as { required?: boolean; pattern?: RegExp; message?: string };
      return { required: r.required, pattern: r.pattern?.source, message: r.message };
    });

  it('asks for the phone and its form with the page’s texts, the server’s pattern', () => {
    expect(summary(phoneRules('请输入手机号码', '手机号码格式错误'))).toEqual([
      { required: true, pattern: undefined, message: '请输入手机号码' },
      { required: undefined, pattern: PHONE_PATTERN.source, message: '手机号码格式错误' },
    ]);
  });

  it('checks the six-digit code with the shared messages', () => {
    expect(summary(CODE_RULES)).toEqual([
      { required: true, pattern: undefined, message: '请输入验证码' },
      { required: undefined, pattern: SMS_CODE_PATTERN.source, message: '验证码格式错误' },
    ]);
  });

  it('checks a new password with the one password rule, registration with its own message', () => {
    expect(summary(NEW_PASSWORD_RULES)).toEqual([
      { required: true, pattern: undefined, message: '请输入密码' },
      { required: undefined, pattern: PASSWORD_PATTERN.source, message: PASSWORD_RULE_MESSAGE },
    ]);
    expect(summary(REGISTER_PASSWORD_RULES)).toEqual([
      { required: true, pattern: undefined, message: '请输入密码' },
      { required: undefined, pattern: PASSWORD_PATTERN.source, message: '密码格式不正确' },
    ]);
  });

  it('refuses a password of spaces by its rule, not as empty', () => {
    expect(NEW_PASSWORD_RULES.some((rule) => (rule as { whitespace?: boolean }).whitespace)).toBe(
      false,
    );
  });
});
