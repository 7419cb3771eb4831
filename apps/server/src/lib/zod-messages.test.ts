import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../../test/app';
import { friendlyIssueMessage } from './zod-messages';

const messageOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input, { error: friendlyIssueMessage });
  return result.success ? null : result.error.issues[0]?.message;
};

describe('plain Chinese validation messages', () => {
  it('names lengths, counts, bounds and missing values the way a form would', () => {
    expect(messageOf(z.string().max(50), 'x'.repeat(51))).toBe('不能超过50个字符');
    expect(messageOf(z.string().min(1), '')).toBe('不能为空');
    expect(messageOf(z.string().min(6), 'abc')).toBe('不能少于6个字符');
    expect(messageOf(z.array(z.number()).max(10), Array(11).fill(1))).toBe('最多10项');
    expect(messageOf(z.array(z.number()).min(1), [])).toBe('至少1项');
    expect(messageOf(z.number().max(100), 101)).toBe('不能大于100');
    expect(messageOf(z.number().positive(), 0)).toBe('应大于0');
    expect(messageOf(z.number().min(1), 0)).toBe('不能小于1');
    expect(messageOf(z.object({ a: z.string() }), {})).toBe('不能为空');
    expect(messageOf(z.string(), 12)).toBe('格式不正确');
  });

  it('keeps a schema’s own message', () => {
    expect(messageOf(z.string().max(5, '标题太长'), '123456')).toBe('标题太长');
  });

  it('answers a request with an over-long field in plain Chinese', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ url: `/api/projects?keyword=${'海'.repeat(51)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('查询参数不正确：keyword 不能超过50个字符');
    } finally {
      await t.dispose();
    }
  });
});
