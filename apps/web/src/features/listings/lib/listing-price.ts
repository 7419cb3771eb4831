import { LISTING_TYPE } from '@portal/shared/constants/listings';
import { wanToYuan } from '@portal/shared/format';
import type { FormRule } from 'antd';
import type { z } from 'zod';
import { zodFieldBounds, zodFieldRules } from '../../../lib/zod-rules';

/**
 * How a listing's price is entered (docs/product/listings.md): a sale's total price in 万 with two
 * decimals, a rent in whole 元/月. The server holds and checks yuan either way; this is the one
 * place that converts, for the publish and edit forms and the 调价 dialog alike.
 */
export interface PriceEntry {
  /** The unit shown beside the input. */
  unit: '万' | '元/月';
  precision: 0 | 2;
  /** The yuan the server receives for a number entered. */
  toYuan: (entered: number) => number;
  /** The number the input shows for a stored price in yuan. */
  fromYuan: (yuan: number) => number;
}

const SALE_ENTRY: PriceEntry = {
  unit: '万',
  precision: 2,
  toYuan: wanToYuan,
  fromYuan: (yuan) => yuan / wanToYuan(1),
};

const RENT_ENTRY: PriceEntry = {
  unit: '元/月',
  precision: 0,
  toYuan: Math.round,
  fromYuan: (yuan) => yuan,
};

/** The price entry of a listing type: 1 sale, 2 rent. */
export function priceEntry(type: number): PriceEntry {
  return type === LISTING_TYPE.SALE ? SALE_ENTRY : RENT_ENTRY;
}

/**
 * The rules and the input's bounds of a price entered as `priceEntry(type)`, from the shared
 * field the server checks (in yuan): every bound and message of the field applies to the
 * converted value, and the input stops at the field's maximum in its own unit.
 */
export function priceFieldRules(
  field: z.ZodType,
  type: number,
  requiredMessage?: string,
): { rules: FormRule[]; input: { min: number; max?: number; precision: number } } {
  const entry = priceEntry(type);
  const { max } = zodFieldBounds(field);
  return {
    rules: zodFieldRules(field, { required: true, requiredMessage, toFieldValue: entry.toYuan }),
    input: {
      // The smallest amount the input can hold: 0.01 万 or 1 元/月.
      min: 10 ** -entry.precision,
      max: max === undefined ? undefined : entry.fromYuan(max),
      precision: entry.precision,
    },
  };
}
