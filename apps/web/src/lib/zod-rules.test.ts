import { listingFieldsSchema, LISTING_MESSAGES as M } from '@portal/shared/schemas/listings';
import type { FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodFieldBounds, zodFieldRules } from './zod-rules';

const F = listingFieldsSchema.shape;

/** Runs the validator rules on a value: the message of the first that refuses it, or null. */
async function refusal(rules: FormRule[], value: unknown): Promise<string | null> {
  for (const rule of rules) {
    if (typeof rule === 'function' || !rule.validator) continue;
    try {
      await rule.validator(rule, value, () => undefined);
    } catch (error) {
      return (error as Error).message;
    }
  }
  return null;
}

describe('antd rules from a shared zod field', () => {
  it('text: required with its own message, lengths with the shared messages', () => {
    expect(zodFieldRules(F.communityName)).toEqual([
      { required: true, whitespace: true, message: M.communityName },
      { max: 50, message: '不能超过50个字符' },
    ]);
    expect(zodFieldRules(F.title)).toEqual([
      { required: true, whitespace: true, message: M.title },
      { min: 9, message: M.titleLength },
      { max: 40, message: M.titleLength },
    ]);
  });

  it('a regex field gives a pattern rule with its message', () => {
    const rules = zodFieldRules(
      z
        .string()
        .regex(/^\d{6}$/, '验证码格式错误')
        .optional(),
    );
    expect(rules).toEqual([{ pattern: /^\d{6}$/, message: '验证码格式错误' }]);
  });

  it('numbers: whole numbers and bounds, refused with the shared message', async () => {
    const rules = zodFieldRules(F.floorNum);
    expect(rules[0]).toEqual({ required: true, message: M.floorNum });
    expect(await refusal(rules, 3)).toBeNull();
    expect(await refusal(rules, -6)).toBe(M.floorNum);
    expect(await refusal(rules, 201)).toBe(M.floorNum);
    expect(await refusal(rules, 2.5)).toBe(M.floorNum);
    expect(await refusal(zodFieldRules(F.buildArea), 0)).toBe(M.buildArea);
    expect(await refusal(zodFieldRules(F.buildArea), 100_001)).toBe('建筑面积过大');
    expect(zodFieldBounds(F.floorNum)).toEqual({
      kind: 'number',
      required: true,
      min: -5,
      max: 200,
    });
  });

  it('lists: required with the first minimum’s message, and their largest size', () => {
    expect(zodFieldRules(F.checkList)).toEqual([
      { required: true, type: 'array', min: 1, message: M.tags },
      { type: 'array', max: 10, message: '标签最多选择10个' },
    ]);
  });

  it('an optional field is required only when the page says so, with the page’s message', async () => {
    expect(zodFieldRules(F.houseType)[0]).toEqual({ max: 10, message: expect.any(String) });
    const rules = zodFieldRules(F.age, { required: true, requiredMessage: M.age });
    expect(rules[0]).toEqual({ required: true, message: M.age });
    expect(await refusal(rules, 1800)).toBe(M.ageRange);
    expect(zodFieldRules(F.age, { required: false })).not.toContainEqual(
      expect.objectContaining({ required: true }),
    );
  });
});

describe('what the server checks beyond bounds', () => {
  it('a text field the server takes empty is not required; one it refuses empty is', () => {
    expect(zodFieldRules(z.string().trim().max(20, '不能超过20个字'))).toEqual([
      { max: 20, message: '不能超过20个字' },
    ]);
    expect(zodFieldRules(z.string().regex(/^\d{6}$/, '验证码格式错误'))[0]).toMatchObject({
      required: true,
    });
  });

  it("refuses a filled-in value with the field's own refinement message", async () => {
    const website = z
      .string()
      .trim()
      .max(200)
      .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), '网址应以 http:// 或 https:// 开头');
    const rules = zodFieldRules(website);
    expect(await refusal(rules, '')).toBeNull();
    expect(await refusal(rules, 'https://example.cn')).toBeNull();
    expect(await refusal(rules, 'example.cn')).toBe('网址应以 http:// 或 https:// 开头');
    expect(await refusal(zodFieldRules(F.userPhone), '1380000')).toBe(M.userPhone);
    expect(await refusal(zodFieldRules(F.userPhone), '13800000000')).toBeNull();
  });

  it('checks a number entered in another unit on the converted value', async () => {
    const yuan = z
      .number({ error: '请输入价格' })
      .int('价格须为整数')
      .positive()
      .max(2_000_000_000, '价格过大');
    const rules = zodFieldRules(yuan, { toFieldValue: (wan) => Math.round(wan * 10_000) });
    expect(rules[0]).toEqual({ required: true, message: '请输入价格' });
    expect(await refusal(rules, 200_000)).toBeNull();
    expect(await refusal(rules, 200_000.01)).toBe('价格过大');
    expect(await refusal(rules, 1.23)).toBeNull();
  });

  it('a whole number above 0 starts at 1', () => {
    expect(zodFieldBounds(z.number().int().positive().nullish())).toMatchObject({ min: 1 });
    expect(zodFieldBounds(z.number().positive())).toMatchObject({ min: 0 });
  });
});
