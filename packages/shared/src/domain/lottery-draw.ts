/**
 * The 摇号 draw as one pure function (docs/product/lottery.md, "How the draw is computed"): the same
 * published list and public random value give the same order on the server, in the browser
 * verifier and in `scripts/verify-lottery.mjs`. Nothing here reads a clock, a database or
 * Math.random.
 */
import { fromHex, hmacSha256, sha256, toHex, utf8 } from './sha256';

/** Version line opening every canonical list; a new format gets a new line. */
export const LOTTERY_FORMAT = 'QHD-LOTTERY/1';

/** 无房家庭 (priority round) or 普通. Letters in the canonical bytes: P and G. */
export type LotteryGroup = 'priority' | 'general';

/** One qualified registration as published: number, group and the masked name and ID. */
export interface LotteryEntry {
  regNo: string;
  group: LotteryGroup;
  maskedName: string;
  maskedId: string;
}

/** What the draw allocates: rooms in the batch and how many of them the priority round reserves. */
export interface LotteryParams {
  batchCode: string;
  roomCount: number;
  priorityRooms: number;
}

export interface LotteryList {
  params: LotteryParams;
  entries: LotteryEntry[];
}

/** Where a registration ended up: won in the priority round, in the general round, or 候补. */
export type LotteryOutcome = 'priority' | 'general' | 'waitlist';

export interface LotteryPlace {
  regNo: string;
  group: LotteryGroup;
  outcome: LotteryOutcome;
  /** 选房顺序: 1 chooses first; winners come before the waitlist. */
  chooseOrder: number;
}

export interface LotteryDraw {
  listHash: string;
  places: LotteryPlace[];
}

const REG_NO = /^[A-Za-z0-9-]{1,40}$/;
const FIELD = /^[^,\r\n]{1,40}$/;

function compareRegNo(a: LotteryEntry, b: LotteryEntry): number {
  return a.regNo < b.regNo ? -1 : a.regNo > b.regNo ? 1 : 0;
}

/**
 * The canonical text of a qualified list, the bytes the commitment hashes (UTF-8, `\n` after every
 * line): the format line, `batch=`, `rooms=`, `priorityRooms=`, then one
 * `regNo,P|G,maskedName,maskedId` line per registration sorted by registration number (ASCII order).
 * Throws on a malformed field or a repeated number, so two lists never share one text.
 */
export function canonicalLotteryList(list: LotteryList): string {
  const { batchCode, roomCount, priorityRooms } = list.params;
  if (!REG_NO.test(batchCode)) throw new Error(`batch code ${batchCode} not allowed`);
  if (!Number.isInteger(roomCount) || roomCount < 0) throw new Error('rooms not a whole number');
  if (!Number.isInteger(priorityRooms) || priorityRooms < 0 || priorityRooms > roomCount)
    throw new Error('priority rooms out of range');
  const entries = [...list.entries].sort(compareRegNo);
  const lines = [
    LOTTERY_FORMAT,
    `batch=${batchCode}`,
    `rooms=${roomCount}`,
    `priorityRooms=${priorityRooms}`,
  ];
  entries.forEach((entry, i) => {
    if (!REG_NO.test(entry.regNo))
      throw new Error(`registration number ${entry.regNo} not allowed`);
    if (i > 0 && entries[i - 1]!.regNo === entry.regNo) throw new Error(`${entry.regNo} repeated`);
    if (!FIELD.test(entry.maskedName) || !FIELD.test(entry.maskedId))
      throw new Error(
        `${entry.regNo}: masked fields must be 1–40 characters without , or line breaks`,
      );
    lines.push(
      `${entry.regNo},${entry.group === 'priority' ? 'P' : 'G'},${entry.maskedName},${entry.maskedId}`,
    );
  });
  return lines.map((line) => `${line}\n`).join('');
}

/** Reads a canonical text back (the published file); throws when it is not one. */
export function parseLotteryList(text: string): LotteryList {
  const lines = text.split('\n');
  if (lines.pop() !== '') throw new Error('the list must end with a line break');
  const [format, batch, rooms, priority, ...rows] = lines;
  const value = (line: string | undefined, key: string) => {
    if (!line?.startsWith(`${key}=`)) throw new Error(`line ${key}= missing`);
    return line.slice(key.length + 1);
  };
  if (format !== LOTTERY_FORMAT) throw new Error(`first line must be ${LOTTERY_FORMAT}`);
  const list: LotteryList = {
    params: {
      batchCode: value(batch, 'batch'),
      roomCount: Number(value(rooms, 'rooms')),
      priorityRooms: Number(value(priority, 'priorityRooms')),
    },
    entries: rows.map((row) => {
      const [regNo = '', group, maskedName = '', maskedId = '', extra] = row.split(',');
      if ((group !== 'P' && group !== 'G') || extra !== undefined)
        throw new Error(`bad row ${row}`);
      return { regNo, group: group === 'P' ? 'priority' : 'general', maskedName, maskedId };
    }),
  };
  if (canonicalLotteryList(list) !== text) throw new Error('the list is not in canonical order');
  return list;
}

/** The commitment: SHA-256 (hex) of the canonical text's UTF-8 bytes. */
export function lotteryListHash(canonicalText: string): string {
  return toHex(sha256(utf8(canonicalText)));
}

/**
 * A stream of uniform integers: block k of a round is HMAC-SHA256(key = the random value's bytes,
 * message = UTF-8 of `<listHash>:<round>:<k>`), read as eight big-endian 32-bit words.
 */
function roundGenerator(randomness: Uint8Array, listHash: string, round: string) {
  let counter = 0;
  const words: number[] = [];
  const next = (): number => {
    if (words.length === 0) {
      const block = hmacSha256(randomness, utf8(`${listHash}:${round}:${counter++}`));
      const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
      for (let i = 7; i >= 0; i--) words.push(view.getUint32(i * 4));
    }
    return words.pop()!;
  };
  /** Uniform in [0, n): rejection sampling keeps every value equally likely. */
  return (n: number): number => {
    const limit = 0x1_0000_0000 - (0x1_0000_0000 % n);
    for (;;) {
      const word = next();
      if (word < limit) return word % n;
    }
  };
}

/** Fisher–Yates from the last position down: swap position i with a uniform j ≤ i. */
function shuffle<T>(items: T[], uniform: (n: number) => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = uniform(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Runs the draw. Round `priority`: 无房家庭 shuffled, the first `priorityRooms` win. Round
 * `general`: everyone not yet drawn (canonical order) shuffled, the first of them win the rooms left;
 * the rest are 候补 in that order. Round `order`: the winners (canonical order) shuffled into the
 * choosing order, the waitlist following. `randomnessHex` is the public random value as published.
 */
export function runLotteryDraw(list: LotteryList, randomnessHex: string): LotteryDraw {
  const canonical = canonicalLotteryList(list);
  const listHash = lotteryListHash(canonical);
  const randomness = fromHex(randomnessHex.toLowerCase());
  if (randomness.length < 16) throw new Error('the random value must be at least 16 bytes of hex');
  const entries = [...list.entries].sort(compareRegNo);
  const { roomCount, priorityRooms } = list.params;

  const priorityPool = entries.filter((entry) => entry.group === 'priority');
  const priorityWinners = shuffle(
    priorityPool,
    roundGenerator(randomness, listHash, 'priority'),
  ).slice(0, priorityRooms);
  const won = new Set(priorityWinners.map((entry) => entry.regNo));
  const generalDrawn = shuffle(
    entries.filter((entry) => !won.has(entry.regNo)),
    roundGenerator(randomness, listHash, 'general'),
  );
  const generalWinners = generalDrawn.slice(0, Math.max(0, roomCount - priorityWinners.length));
  for (const entry of generalWinners) won.add(entry.regNo);
  const waitlist = generalDrawn.slice(generalWinners.length);
  const outcome = new Map<string, LotteryOutcome>();
  for (const entry of priorityWinners) outcome.set(entry.regNo, 'priority');
  for (const entry of generalWinners) outcome.set(entry.regNo, 'general');
  const chooseOrder = shuffle(
    entries.filter((entry) => won.has(entry.regNo)),
    roundGenerator(randomness, listHash, 'order'),
  );
  const places = [...chooseOrder, ...waitlist].map((entry, i) => ({
    regNo: entry.regNo,
    group: entry.group,
    outcome: outcome.get(entry.regNo) ?? 'waitlist',
    chooseOrder: i + 1,
  }));
  return { listHash, places };
}

/** Compares a published result (registration number → order) with a recomputed draw. */
export function sameLotteryOrder(
  published: Array<{ regNo: string; chooseOrder: number }>,
  draw: LotteryDraw,
): boolean {
  if (published.length !== draw.places.length) return false;
  const expected = new Map(draw.places.map((place) => [place.regNo, place.chooseOrder]));
  return published.every((row) => expected.get(row.regNo) === row.chooseOrder);
}
