import type { AddressInfo } from 'node:net';
import {
  lotteryListHash,
  parseLotteryList,
  runLotteryDraw,
  sameLotteryOrder,
} from '@portal/shared/domain/lottery-draw';
import { type LotteryBoardHead, requiredLotteryProofs } from '@portal/shared/schemas/lottery';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listenTo } from '../../../test/event-stream-client';
import { lotteryBatches, lotteryPlaces, lotterySms, rooms, users } from '../../db/schema/index';
import { DRAND_QUICKNET } from '../../integrations/beacon/index';
import type { SmsGateway, SmsNotice } from '../../integrations/sms/sms-gateway';
import { runLotteryJob } from '../../jobs/lottery-job';
import { composeIdCard } from '../../seed/id-card';
import { useAdminTest } from '../admin/admin-test-helpers';
import { bearerFor } from '../news/test-helpers';
import { freshBuyer, greenRoomIds } from '../orders/orders-test-helpers';
import { sendQueuedLotterySms } from './lottery-notices';
import { uploadProof } from './lottery-test-helpers';
import { drawBatch } from './lottery.admin.service';

const c = useAdminTest();
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
/** A drand round already produced (simulated beacon follows drand's schedule). */
const pastRound = () =>
  Math.floor((Date.now() / 1000 - DRAND_QUICKNET.genesisSeconds) / DRAND_QUICKNET.periodSeconds) -
  100;

type Headers = { authorization: string };
const member = (idCard: string) => ({ relation: 'spouse', name: '配偶甲', idCard });
const registration = (members: Array<{ relation: string }> = [], homeless = false) => ({
  members,
  memberConsent: members.length > 0,
  homeless,
  localHukou: true,
  socialInsuranceMonths: 24,
  note: '',
});

const state = {
  batchId: 0,
  roomIds: [] as number[],
  buyers: [] as Array<{ headers: Headers; id: number }>,
};

async function moveTimes(values: Partial<typeof lotteryBatches.$inferInsert>) {
  await c.t.database.db
    .update(lotteryBatches)
    .set(values)
    .where(eq(lotteryBatches.id, state.batchId));
}
/** Sends a registration; without `proofs` it first uploads one picture per proof it needs. */
const put = async (headers: Headers, body: ReturnType<typeof registration> | object) => {
  const proofs =
    'proofs' in body
      ? body.proofs
      : 'members' in body
        ? await Promise.all(
            requiredLotteryProofs(body).map(async (kind) => ({
              kind,
              path: await uploadProof(c, headers),
            })),
          )
        : [];
  return c.t.app.inject({
    method: 'PUT',
    url: `/api/lottery/batches/${state.batchId}/registration`,
    headers,
    payload: { ...body, proofs },
  });
};
const order = (headers: Headers, houseId: number) =>
  c.t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: { houseId, agreed: true },
  });

describe('摇号选房 from set-up to 选房', () => {
  it('lets an operator set up a batch (audited); its rooms leave the ordinary deposit flow', async () => {
    const db = c.t.database.db;
    const green = await greenRoomIds(db, 300);
    const rows = await db
      .select({ id: rooms.id, projectId: rooms.projectId })
      .from(rooms)
      .where(inArray(rooms.id, green));
    const projectId = rows[0]!.projectId;
    state.roomIds = rows
      .filter((r) => r.projectId === projectId)
      .slice(0, 2)
      .map((r) => r.id);
    expect(state.roomIds).toHaveLength(2);
    const body = {
      code: 'T2026-01',
      title: '测试摇号批次',
      projectId,
      roomIds: state.roomIds,
      prioritySharePct: 50,
      localHukouOrInsuranceMonths: 12,
      description: '',
      regOpensAt: iso(-HOUR),
      regClosesAt: iso(HOUR),
      reviewClosesAt: iso(2 * HOUR),
      drawAt: iso(3 * HOUR),
      slotMinutes: 3,
      missedGoesLast: true,
      beacon: 'simulator',
      beaconRound: pastRound(),
    };
    const created = await c.send('POST', '/api/admin/lottery/batches', body);
    expect(created.statusCode).toBe(200);
    state.batchId = created.json().data.id;
    expect(await c.lastAudit('lottery.create', state.batchId)).toBeDefined();
    expect(
      (await c.send('POST', '/api/admin/lottery/batches', { ...body, code: 'T2026-02' }))
        .statusCode,
    ).toBe(409);
    const citizen = await c.t.app.inject({
      method: 'POST',
      url: '/api/admin/lottery/batches',
      payload: body,
      headers: await bearerFor(db, '13800000001'),
    });
    expect(citizen.statusCode).toBe(403);

    for (let i = 0; i < 3; i++) state.buyers.push(await freshBuyer(db));
    const refused = await order(state.buyers[0]!.headers, state.roomIds[0]!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('摇号');
  });

  it('takes 意向登记 with real name, one family per person, editable until close', async () => {
    const db = c.t.database.db;
    const [a, b, d] = state.buyers;
    const unverified = await put(await bearerFor(db, '13800000002'), registration());
    expect(unverified.json().code).toBe('60001');
    expect((await put(a!.headers, registration([member('110101199001011237')]))).statusCode).toBe(
      200,
    );
    const clash = await put(b!.headers, registration([member('110101199001011237')]));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('1101**********1237');
    expect(
      (await put(b!.headers, registration([member(composeIdCard('110101', '19900101', 125))])))
        .statusCode,
    ).toBe(200);
    expect((await put(d!.headers, registration([], true))).statusCode).toBe(200);
    expect((await put(a!.headers, registration([], false))).statusCode).toBe(200);
    const noConsent = await put(a!.headers, {
      ...registration([member(composeIdCard('110101', '19900101', 127))]),
      memberConsent: false,
    });
    expect(noConsent.statusCode).toBe(400);

    const mine = await c.t.app.inject({ url: '/api/lottery/mine', headers: a!.headers });
    expect(mine.json().data[0]).toMatchObject({ status: 'submitted', canEdit: true });
    expect((await c.noticesOf(a!.id))[0]?.content).toContain('意向登记');

    await moveTimes({ regClosesAt: new Date(Date.now() - 1000) });
    expect((await put(a!.headers, registration())).json().message).toContain('已截止');
  });

  it('reviews with reasons, takes one appeal, and audits every decision', async () => {
    const [a, b, d] = state.buyers;
    const queue = await c.send('GET', `/api/admin/lottery/batches/${state.batchId}/registrations`);
    const byUser = new Map<number, number>();
    const regs = queue.json().data as Array<{ id: number; regNo: string; applicantId: string }>;
    expect(regs).toHaveLength(3);
    expect(regs[0]!.applicantId).toMatch(/^\d{4}\*{10}\w{4}$/);
    const mine = async (h: Headers) =>
      (await c.t.app.inject({ url: '/api/lottery/mine', headers: h })).json().data[0];
    for (const buyer of [a!, b!, d!]) byUser.set(buyer.id, (await mine(buyer.headers)).id);
    const decide = (id: number, approve: boolean, reason = '') =>
      c.send('POST', `/api/admin/lottery/registrations/${id}/decision`, { approve, reason });
    expect((await decide(byUser.get(a!.id)!, true)).statusCode).toBe(200);
    expect((await decide(byUser.get(b!.id)!, false)).statusCode).toBe(400);
    expect((await decide(byUser.get(b!.id)!, false, '社保缴纳不足 12 个月')).statusCode).toBe(200);
    expect(await mine(b!.headers)).toMatchObject({
      status: 'refused',
      reason: '社保缴纳不足 12 个月',
      canAppeal: true,
    });
    const appeal = (h: Headers) =>
      c.t.app.inject({
        method: 'POST',
        url: `/api/lottery/batches/${state.batchId}/registration/appeal`,
        headers: h,
        payload: { reason: '已补缴，附证明' },
      });
    expect((await appeal(b!.headers)).statusCode).toBe(200);
    expect((await appeal(b!.headers)).statusCode).toBe(409);
    expect((await decide(byUser.get(b!.id)!, true)).statusCode).toBe(200);
    expect((await decide(byUser.get(d!.id)!, true)).statusCode).toBe(200);
    expect((await decide(byUser.get(d!.id)!, false, '重复')).statusCode).toBe(409);
    expect(await c.lastAudit('lottery.appealApprove', state.batchId)).toBeDefined();
    expect(await c.lastAudit('lottery.refuse', state.batchId)).toBeDefined();
  });

  it('publishes the commitment before the draw, once, and draws only from the committed beacon round', async () => {
    const publish = () => c.send('POST', `/api/admin/lottery/batches/${state.batchId}/publish`);
    const draw = () => c.send('POST', `/api/admin/lottery/batches/${state.batchId}/draw`);
    expect((await draw()).json().message).toContain('公示');
    expect((await publish()).statusCode).toBe(409);
    await moveTimes({ reviewClosesAt: new Date(Date.now() - 1000) });
    const published = await publish();
    expect(published.statusCode).toBe(200);
    const record = async () =>
      (await c.t.app.inject({ url: `/api/lottery/batches/${state.batchId}/draw-record` })).json()
        .data;
    const before = await record();
    expect(before.listHash).toBe(published.json().data.listHash);
    expect(lotteryListHash(before.listText)).toBe(before.listHash);
    expect(before.listText).not.toMatch(/\d{18}/);
    expect((await publish()).statusCode).toBe(409);
    expect((await record()).listHash).toBe(before.listHash);

    expect((await draw()).json().message).toContain('未到摇号时间');
    await moveTimes({ drawAt: new Date(Date.now() - 1000) });
    const drawn = await draw();
    expect(drawn.statusCode).toBe(200);
    expect((await draw()).statusCode).toBe(409);
    const after = await record();
    expect(after.listHash).toBe(before.listHash);
    const recomputed = runLotteryDraw(parseLotteryList(after.listText), after.randomness);
    expect(sameLotteryOrder(after.results, recomputed)).toBe(true);
    expect(await c.lastAudit('lottery.draw', state.batchId)).toBeDefined();
  });

  it('refuses to draw with a randomness source the server does not have', async () => {
    const db = c.t.database.db;
    const [other] = await db
      .insert(lotteryBatches)
      .values({
        code: 'T2026-X',
        title: '无随机源',
        projectId: 1,
        roomIds: [],
        prioritySharePct: 0,
        insuranceMonths: 0,
        regOpensAt: new Date(0),
        regClosesAt: new Date(1),
        reviewClosesAt: new Date(2),
        drawAt: new Date(3),
        slotMinutes: 3,
        missedGoesLast: false,
        beacon: 'drand',
        beaconRound: 1,
        listText: 'QHD-LOTTERY/1\nbatch=T2026-X\nrooms=0\npriorityRooms=0\n',
        listHash: 'x',
        committedAt: new Date(),
      })
      .returning({ id: lotteryBatches.id });
    await expect(drawBatch(db, c.adminId, other!.id, {})).rejects.toMatchObject({ status: 503 });
  });

  it('lets only the buyer whose 选房 turn runs lock a room; a choice or a timeout passes the turn on', async () => {
    const db = c.t.database.db;
    const board = async () =>
      (await c.t.app.inject({ url: `/api/lottery/batches/${state.batchId}/board` })).json().data;
    const first = await board();
    expect(first.current.chooseOrder).toBe(1);
    const places = await db
      .select({
        registrationId: lotteryPlaces.registrationId,
        chooseOrder: lotteryPlaces.chooseOrder,
      })
      .from(lotteryPlaces)
      .where(eq(lotteryPlaces.batchId, state.batchId));
    const mineOf = async (h: Headers) =>
      (await c.t.app.inject({ url: '/api/lottery/mine', headers: h })).json().data[0];
    const ordered: Array<{ headers: Headers; id: number }> = [];
    for (const buyer of state.buyers)
      ordered[(await mineOf(buyer.headers)).place.chooseOrder - 1] = buyer;
    expect(places).toHaveLength(3);
    expect((await mineOf(ordered[2]!.headers)).place).toMatchObject({
      ahead: 2,
      slotStatus: 'waiting',
    });

    // Watchers of the board get each change pushed, without reading again.
    if (!c.t.app.server.listening) await c.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = c.t.app.server.address() as AddressInfo;
    const watcher = listenTo<LotteryBoardHead>(
      `http://127.0.0.1:${port}/api/lottery/batches/${state.batchId}/events`,
    );
    const opened = await watcher.waitFor((e) => e.event === 'board');
    expect(watcher.headers()['content-type']).toContain('text/event-stream');
    expect(opened.data).toMatchObject({ current: { chooseOrder: 1 }, roomsLeft: 2 });

    const outOfTurn = await order(ordered[1]!.headers, state.roomIds[0]!);
    expect(outOfTurn.statusCode).toBe(409);
    expect(outOfTurn.json().message).toContain('第 1 号');
    const chosenAt = Date.now();
    expect((await order(ordered[0]!.headers, state.roomIds[0]!)).statusCode).toBe(200);
    const pushed = await watcher.waitFor((e) => e.data.current?.chooseOrder === 2);
    expect(pushed.data.roomsLeft).toBe(1);
    expect(pushed.at - chosenAt).toBeLessThan(2_000);
    const second = await board();
    expect(second.current.chooseOrder).toBe(2);
    expect(second.roomsLeft).toBe(1);
    expect((await c.noticesOf(ordered[1]!.id))[0]?.content).toContain('轮到您选房');

    // The second buyer lets the turn run out: it passes to the third, the second goes last; the
    // board's feed moves the line on by itself and pushes it.
    await db
      .update(lotteryPlaces)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(and(eq(lotteryPlaces.batchId, state.batchId), eq(lotteryPlaces.chooseOrder, 2)));
    await watcher.waitFor((e) => e.data.current?.chooseOrder === 3);
    watcher.close();
    const unknown = listenTo(`http://127.0.0.1:${port}/api/lottery/batches/999999/events`);
    await expect.poll(() => unknown.status()).toBe(404);
    unknown.close();
    const third = await board();
    expect(third.current.chooseOrder).toBe(3);
    expect(third.slots.at(-1)).toMatchObject({ chooseOrder: 2, slotStatus: 'waiting' });
    expect((await order(ordered[1]!.headers, state.roomIds[1]!)).statusCode).toBe(409);
    const [holder] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, ordered[2]!.id));
    expect(holder).toBeDefined();
  });

  it('moves turns with nobody watching and texts every step once, retrying a failed text', async () => {
    const db = c.t.database.db;
    const sent: Array<{ phone: string; notice: SmsNotice }> = [];
    const phone: SmsGateway = {
      name: 'test',
      sendCode: async () => undefined,
      sendNotice: async (to, notice) => {
        sent.push({ phone: to, notice });
      },
    };
    // The third buyer's turn runs out while no page of the batch is open.
    await db
      .update(lotteryPlaces)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(and(eq(lotteryPlaces.batchId, state.batchId), eq(lotteryPlaces.slotStatus, 'active')));
    const run = await runLotteryJob(c.t.app, phone, new Date());
    expect(run.batches).toBeGreaterThanOrEqual(1);
    // Twenty texts a run: the rest follow on the next runs.
    while ((await runLotteryJob(c.t.app, phone, new Date())).sent > 0);
    const line = await db
      .select({ chooseOrder: lotteryPlaces.chooseOrder, slotStatus: lotteryPlaces.slotStatus })
      .from(lotteryPlaces)
      .where(eq(lotteryPlaces.batchId, state.batchId));
    // The second buyer (sent to the end once) has the turn again; the third missed theirs.
    expect(line.find((p) => p.chooseOrder === 2)?.slotStatus).toBe('active');
    expect(line.find((p) => p.chooseOrder === 3)?.slotStatus).not.toBe('active');

    // Every step of the batch went out by SMS with the LOTTERY template: registration, review,
    // draw, turns and their end, each once and each a short template variable.
    const [batch] = await db
      .select({ title: lotteryBatches.title })
      .from(lotteryBatches)
      .where(eq(lotteryBatches.id, state.batchId));
    const buyerPhones = await db
      .select({ phone: users.phone })
      .from(users)
      .where(
        inArray(
          users.id,
          state.buyers.map((b) => b.id),
        ),
      );
    const phones = new Set(buyerPhones.map((b) => b.phone));
    // Only this batch's buyers (the seed's batches queued texts of their own).
    const ours = sent.filter((s) => phones.has(s.phone));
    const details = ours.map((s) => ('detail' in s.notice.params ? s.notice.params.detail : ''));
    expect(ours.every((s) => s.notice.template === 'LOTTERY')).toBe(true);
    expect(
      ours.every((s) => 'title' in s.notice.params && s.notice.params.title === batch!.title),
    ).toBe(true);
    for (const text of [
      '意向登记已提交',
      '资格审核通过',
      '已摇号，您的选房顺序为第',
      '轮到您选房（第2号）',
      '您的选房时间已过',
    ])
      expect(
        details.some((d) => d.includes(text)),
        text,
      ).toBe(true);
    expect(details.every((d) => Array.from(d).length <= 35)).toBe(true);
    // The draw told every placed family its place in 我的消息 too, in the statement that placed it.
    const drawNotice = (text: string) =>
      text.startsWith(`「${batch!.title}」已摇号：登记号 `) &&
      /的选房顺序为第 \d+ 号(（候补）)?。$/.test(text);
    const told = await Promise.all(
      state.buyers.map(async (b) => (await c.noticesOf(b.id)).some((n) => drawNotice(n.content))),
    );
    expect(told.filter(Boolean)).toHaveLength(line.length);
    expect(new Set(ours.map((s) => s.phone))).toEqual(phones);
    const count = sent.length;
    expect((await runLotteryJob(c.t.app, phone, new Date())).sent).toBe(0);
    expect(sent).toHaveLength(count);

    // A provider refusal: tried again once the claim is a minute old, three times at most.
    const [row] = await db
      .insert(lotterySms)
      .values({ batchId: state.batchId, userId: state.buyers[0]!.id, detail: '测试重试' })
      .returning({ id: lotterySms.id });
    const refusing: SmsGateway = {
      ...phone,
      sendNotice: async () => {
        throw new Error('refused');
      },
    };
    // The text step alone (the turns would move on with the clock): failures name the row only.
    const t0 = Date.now();
    const tries = async (at: number, gateway: SmsGateway) => {
      const failedIds: number[] = [];
      const result = await sendQueuedLotterySms(db, gateway, new Date(at), (_error, smsId) =>
        failedIds.push(smsId),
      );
      return { ...result, failedIds };
    };
    expect((await tries(t0, refusing)).failedIds).toEqual([row!.id]);
    expect((await tries(t0 + 30_000, refusing)).failedIds).toEqual([]);
    expect((await tries(t0 + 90_000, refusing)).failedIds).toEqual([row!.id]);
    expect((await tries(t0 + 180_000, refusing)).failedIds).toEqual([row!.id]);
    expect((await tries(t0 + 270_000, phone)).sent).toBe(0);
    const [gaveUp] = await db.select().from(lotterySms).where(eq(lotterySms.id, row!.id));
    expect(gaveUp).toMatchObject({ attempts: 3, sentAt: null });
  });
});
