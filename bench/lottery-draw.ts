// 摇号: the draw over a big batch (docs/product/lottery.md). A throw-away city gets one batch with
// N qualified families (default 20,000; a third of them 无房家庭) whose registration and review
// are over; then the operator's two server steps run as the console calls them: publishing the
// list with its commitment (`publishList`: the canonical list text and its SHA-256), and the draw
// (`drawBatch`: the committed beacon round from the simulator, the three rounds of the shared draw
// code, one place, notice and SMS row per family, the audit entry, the first 选房 turn and the
// building versions, in one transaction). Reports each step's server time, and the pure draw
// (parse the list, run the rounds) alone. No HTTP: both are one operator request each; the time
// is what that request spends in the server.
// Usage: npx tsx lottery-draw.ts [pglite|postgres://…] [families]
import { parseLotteryList, runLotteryDraw } from '@portal/shared/domain/lottery-draw';
import { asc, eq } from 'drizzle-orm';
import { lotteryBatches, rooms, users } from '../apps/server/src/db/schema/index';
import { simulatedBeacon } from '../apps/server/src/integrations/beacon/index';
import { drawBatch, publishList } from '../apps/server/src/modules/lottery/lottery.admin.service';
import { composeIdCard } from '../apps/server/src/seed/id-card';
import { machine, withBenchCity } from './harness';
import { writeQualifiedBatch } from './lottery-batch';

const target = process.argv[2] ?? 'pglite';
const families = Number(process.argv[3] ?? 20_000);
const CHUNK = 1_000;
const DAY_MS = 86_400_000;

const ms = (started: number) => Math.round(performance.now() - started);

await withBenchCity('lottery', target, 0.05, async (city) => {
  const db = city.database.db;
  const now = new Date();
  const [operator] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  const batchRooms = await db
    .select({ id: rooms.id, projectId: rooms.projectId })
    .from(rooms)
    .orderBy(asc(rooms.id))
    .limit(300);
  const projectId = batchRooms[0]!.projectId;
  const roomIds = batchRooms.filter((r) => r.projectId === projectId).map((r) => r.id);

  // Families: one account each, with a verified name and a distinct ID number.
  const started = performance.now();
  const people: Array<{ id: number; idCard: string; name: string }> = [];
  for (let from = 0; from < families; from += CHUNK) {
    const batch = Array.from({ length: Math.min(CHUNK, families - from) }, (_, k) => {
      const i = from + k;
      const birth = new Date(Date.UTC(1960, 0, 1) + Math.floor(i / 900) * DAY_MS);
      const ymd = birth.toISOString().slice(0, 10).replace(/-/g, '');
      return {
        phone: `199${String(i).padStart(8, '0')}`,
        realName: `摇号${String(i).padStart(5, '0')}`,
        idCard: composeIdCard('130302', ymd, (i % 900) + 1),
        realNameAuth: true,
      };
    });
    const saved = await db
      .insert(users)
      .values(batch)
      .returning({ id: users.id, phone: users.phone });
    saved.forEach((row, k) =>
      people.push({ id: row.id, idCard: batch[k]!.idCard, name: batch[k]!.realName }),
    );
  }
  const { batchId, drawRound } = await writeQualifiedBatch(
    db,
    {
      code: `BENCH-${Date.now()}`,
      title: '摇号基准测试批次',
      projectId,
      roomIds,
      operatorId: operator!.id,
    },
    people.map((p) => ({ userId: p.id, name: p.name, idCard: p.idCard })),
    'B',
  );
  const setupSeconds = Number(((performance.now() - started) / 1000).toFixed(1));

  let step = performance.now();
  const published = await publishList(db, operator!.id, batchId, now);
  const publishMs = ms(step);
  const [batch] = await db.select().from(lotteryBatches).where(eq(lotteryBatches.id, batchId));
  const round = (await simulatedBeacon().fetchRound(drawRound))!;
  step = performance.now();
  const pure = runLotteryDraw(parseLotteryList(batch!.listText!), round.randomness);
  const pureDrawMs = ms(step);
  step = performance.now();
  const draw = await drawBatch(db, operator!.id, batchId, { simulator: simulatedBeacon() }, now);
  const drawMs = ms(step);
  if (draw.places.length !== families || draw.listHash !== pure.listHash) {
    throw new Error('the draw did not place every family');
  }
  console.log(
    JSON.stringify({
      bench: 'lottery-draw',
      target: target.startsWith('postgres') ? 'postgres' : 'pglite',
      families,
      rooms: roomIds.length,
      setupSeconds,
      publishMs,
      pureDrawMs,
      drawMs,
      listBytes: Buffer.byteLength(batch!.listText!),
      published: typeof published === 'object',
      machine: machine(),
    }),
  );
});
