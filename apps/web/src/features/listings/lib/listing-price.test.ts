import { listingRepriceSchema } from '@portal/shared/schemas/listing-trust';
import { listingFieldsSchema, priceMessage } from '@portal/shared/schemas/listings';
import type { FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import { priceEntry, priceFieldRules } from './listing-price';

/** The message of the first validator rule that refuses `value`, or null. */
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

describe('a listing price as entered', () => {
  it('a sale is entered in 万 and sent in whole yuan; a rent is yuan a month', () => {
    expect(priceEntry(1).toYuan(128.5)).toBe(1_285_000);
    expect(priceEntry(1).toYuan(1.23)).toBe(12_300);
    expect(priceEntry(1).fromYuan(1_285_000)).toBe(128.5);
    expect(priceEntry(2).toYuan(2300)).toBe(2300);
    expect(priceEntry(2).fromYuan(2300)).toBe(2300);
  });

  it('the 调价 dialog checks the reprice field in yuan, with the input bounded in 万', async () => {
    const sale = priceFieldRules(listingRepriceSchema.shape.price, 1);
    expect(sale.input).toEqual({ min: 0.01, max: 200_000, precision: 2 });
    expect(await refusal(sale.rules, 150)).toBeNull();
    // 300 000 万 is 3 000 000 000 yuan, more than the server takes.
    expect(await refusal(sale.rules, 300_000)).toBe('价格过大');
    const rent = priceFieldRules(listingRepriceSchema.shape.price, 2);
    expect(rent.input).toEqual({ min: 1, max: 2_000_000_000, precision: 0 });
    expect(await refusal(rent.rules, 300_000)).toBeNull();
  });

  it("the publish form asks for the type's own price", () => {
    const { rules } = priceFieldRules(listingFieldsSchema.shape.price, 2, priceMessage(2));
    expect(rules[0]).toEqual({ required: true, message: '请输入期望租金' });
  });
});
