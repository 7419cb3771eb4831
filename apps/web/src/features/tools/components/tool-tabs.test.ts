import { describe, expect, it } from 'vitest';
import { toolTabOf } from './tool-tabs';

describe('toolTabOf', () => {
  it.each([
    ['1', '房贷计算器'],
    ['2', '公积金贷款额度'],
    ['6', '财政补贴计算器'],
    [null, '房贷计算器'],
    ['7', '房贷计算器'],
    ['x', '房贷计算器'],
  ])('tab %s → %s', (query, name) => {
    expect(toolTabOf(query).name).toBe(name);
  });
});
