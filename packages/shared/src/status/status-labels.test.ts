import { describe, expect, it } from 'vitest';
import { describeChangePercent } from '../domain/price-history';
import { roomReading } from '../domain/room-reading';
import * as status from './index';

/*
 * No status is told by colour alone (docs/product/accessibility.md): every code of every status
 * family has words, and the building table's colours have a shape too.
 */

/**
 * Families that have no colour and no label map: the 核验码 check's answer is a whole sentence
 * per state (features/listings check-code-result).
 */
const TOLD_IN_SENTENCES = ['CHECK_CODE_STATUS'];

const families = Object.entries(status).filter(
  ([name, value]) =>
    /_STATUS$/.test(name) &&
    !TOLD_IN_SENTENCES.includes(name) &&
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value),
);

describe('status families', () => {
  it('are found (the test reads the shared index)', () => {
    expect(families.map(([name]) => name)).toEqual(
      expect.arrayContaining(['ROOM_SALE_STATUS', 'PAY_STATUS', 'REFUND_STATUS']),
    );
  });

  it.each(families)('%s: every code has a label in words', (name, codes) => {
    const labels = (status as Record<string, unknown>)[`${name}_LABEL`];
    const labelOf =
      typeof labels === 'function'
        ? (code: unknown) => (labels as (code: unknown) => string)(code)
        : (code: unknown) => (labels as Record<string, string> | undefined)?.[String(code)];
    for (const code of Object.values(codes as Record<string, unknown>)) {
      expect(labelOf(code), `${name} ${String(code)}`).toMatch(/\p{Script=Han}/u);
    }
  });
});

describe('building-table room states', () => {
  it('have a label and a distinct shape for every colour, in legend order', () => {
    const marks = status.ROOM_SALE_STATUSES.map((color) => status.ROOM_SALE_STATUS_MARK[color]);
    expect(new Set(marks).size).toBe(status.ROOM_SALE_STATUSES.length);
    for (const color of status.ROOM_SALE_STATUSES) {
      expect(status.ROOM_SALE_STATUS_LABEL[color]).toMatch(/\p{Script=Han}/u);
      expect(status.ROOM_SALE_STATUS_CONSOLE_LABEL[color]).toMatch(/\p{Script=Han}/u);
    }
  });

  it('reads a room as building, unit, door, state, area and price', () => {
    const room = {
      building: '3号楼',
      unit: '2单元',
      houseMapName: '1202',
      buildArea: 89,
      totalPrice: 980_000,
    };
    expect(roomReading({ ...room, color: status.ROOM_SALE_STATUS.AVAILABLE })).toBe(
      '3号楼 2单元 1202，可售，89平方米，总价 98 万',
    );
    expect(roomReading({ ...room, buildArea: 89.456, color: status.ROOM_SALE_STATUS.LOCKED })).toBe(
      '3号楼 2单元 1202，订约金已支付，89.46平方米',
    );
  });
});

describe('price changes', () => {
  it.each([
    [5, '▲ 上涨 +5.0%'],
    [-3.04, '▼ 下降 -3.0%'],
    [0, '持平 0.0%'],
  ])('a change of %s reads %s', (percent, words) => {
    expect(describeChangePercent(percent)).toBe(words);
  });
});
