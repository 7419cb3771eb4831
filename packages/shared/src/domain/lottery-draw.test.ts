import { describe, expect, it } from 'vitest';
import {
  canonicalLotteryList,
  lotteryListHash,
  parseLotteryList,
  runLotteryDraw,
  sameLotteryOrder,
  type LotteryEntry,
  type LotteryList,
} from './lottery-draw';
import { hmacSha256, sha256, toHex, utf8 } from './sha256';

const row = (
  regNo: string,
  group: LotteryEntry['group'],
  maskedName: string,
  maskedId: string,
) => ({
  regNo,
  group,
  maskedName,
  maskedId,
});

/** The published example of docs/product/lottery.md. */
const EXAMPLE: LotteryList = {
  params: { batchCode: 'LH2026-001', roomCount: 4, priorityRooms: 2 },
  entries: [
    row('A0003', 'priority', '王*', '1303**********5678'),
    row('A0001', 'priority', '张*', '1303**********1234'),
    row('A0002', 'general', '李*明', '1303**********0021'),
    row('A0004', 'general', '赵*', '1303**********9012'),
    row('A0005', 'priority', '刘*华', '1303**********3456'),
    row('A0006', 'general', '陈*', '1303**********7890'),
  ],
};
const EXAMPLE_RANDOMNESS = '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971';

describe('sha256 and hmacSha256', () => {
  it('give the published test vectors', () => {
    expect(toHex(sha256(utf8('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(toHex(sha256(utf8('')))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(toHex(hmacSha256(utf8('Jefe'), utf8('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });
});

describe('runLotteryDraw', () => {
  it('gives the published example order', () => {
    const text = canonicalLotteryList(EXAMPLE);
    expect(text.split('\n').slice(0, 5)).toEqual([
      'QHD-LOTTERY/1',
      'batch=LH2026-001',
      'rooms=4',
      'priorityRooms=2',
      'A0001,P,张*,1303**********1234',
    ]);
    const draw = runLotteryDraw(EXAMPLE, EXAMPLE_RANDOMNESS);
    expect(draw.listHash).toBe('dbf6797821119b772e813ca19e38777147a7e78a7a2eb2160cfb2d2e456ea925');
    expect(draw.places.map((p) => `${p.chooseOrder}:${p.regNo}:${p.outcome}`)).toEqual([
      '1:A0006:general',
      '2:A0004:general',
      '3:A0005:priority',
      '4:A0003:priority',
      '5:A0001:waitlist',
      '6:A0002:waitlist',
    ]);
  });

  it('is the same whatever order the rows arrive in, and reads back from its text', () => {
    const reversed = { ...EXAMPLE, entries: [...EXAMPLE.entries].reverse() };
    const parsed = parseLotteryList(canonicalLotteryList(EXAMPLE));
    const a = runLotteryDraw(EXAMPLE, EXAMPLE_RANDOMNESS);
    expect(runLotteryDraw(reversed, EXAMPLE_RANDOMNESS)).toEqual(a);
    expect(runLotteryDraw(parsed, EXAMPLE_RANDOMNESS.toUpperCase())).toEqual(a);
    expect(sameLotteryOrder(a.places, a)).toBe(true);
    const swapped = a.places.map((p, i) => ({ ...p, chooseOrder: i < 2 ? 2 - i : p.chooseOrder }));
    expect(sameLotteryOrder(swapped, a)).toBe(false);
  });

  it('changes the commitment when one byte of the list changes', () => {
    const text = canonicalLotteryList(EXAMPLE);
    const changed = text.replace('A0004,G', 'A0004,P');
    expect(changed.length).toBe(text.length);
    expect(lotteryListHash(changed)).not.toBe(lotteryListHash(text));
    expect(lotteryListHash(text.replace('rooms=4', 'rooms=5'))).not.toBe(lotteryListHash(text));
  });

  it('refuses repeated numbers, bad fields and text out of canonical order', () => {
    const repeated = { ...EXAMPLE, entries: [...EXAMPLE.entries, EXAMPLE.entries[0]!] };
    expect(() => canonicalLotteryList(repeated)).toThrow(/repeated/);
    const comma = { ...EXAMPLE, entries: [row('A0009', 'general', '张,三', 'x')] };
    expect(() => canonicalLotteryList(comma)).toThrow();
    const lines = canonicalLotteryList(EXAMPLE).split('\n');
    [lines[4], lines[5]] = [lines[5]!, lines[4]!];
    expect(() => parseLotteryList(lines.join('\n'))).toThrow(/canonical/);
    expect(() => runLotteryDraw(EXAMPLE, 'abcd')).toThrow();
  });

  it('gives the reserved share to 无房家庭 first and draws everyone once', () => {
    const entries = Array.from({ length: 50 }, (_, i) =>
      row(`R${String(i).padStart(3, '0')}`, i % 5 === 0 ? 'priority' : 'general', '某*', '1303**1'),
    );
    const draw = runLotteryDraw(
      { params: { batchCode: 'B1', roomCount: 20, priorityRooms: 8 }, entries },
      toHex(sha256(utf8('seed'))),
    );
    expect(new Set(draw.places.map((p) => p.regNo)).size).toBe(50);
    expect(draw.places.filter((p) => p.outcome === 'priority')).toHaveLength(8);
    expect(draw.places.filter((p) => p.outcome === 'general')).toHaveLength(12);
    expect(draw.places.slice(0, 20).every((p) => p.outcome !== 'waitlist')).toBe(true);
  });

  it('favours no position: chi-square of first place over 2,000 random values, p > 0.01', () => {
    const entries = Array.from({ length: 10 }, (_, i) => row(`N${i}`, 'general', '某*', '1303**1'));
    const list = { params: { batchCode: 'CHI', roomCount: 10, priorityRooms: 0 }, entries };
    const firsts = new Map<string, number>();
    const runs = 2000;
    for (let i = 0; i < runs; i++) {
      const first = runLotteryDraw(list, toHex(sha256(utf8(`round ${i}`)))).places[0]!.regNo;
      firsts.set(first, (firsts.get(first) ?? 0) + 1);
    }
    const expected = runs / entries.length;
    const chiSquare = entries.reduce(
      (sum, e) => sum + ((firsts.get(e.regNo) ?? 0) - expected) ** 2 / expected,
      0,
    );
    // 9 degrees of freedom: p = 0.01 at χ² = 21.666
    expect(chiSquare).toBeLessThan(21.666);
  });
});
