import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_BANK_NOTIFY_SECRET } from '../src/config/index';
import { openDatabase } from '../src/db/client';
import { notificationOf } from '../src/integrations/bank/bank-notifier';
import type { SimTrade } from '../src/integrations/bank/bank-simulator';
import { call, type Instance, startInstance } from './scale-out/instances';

/**
 * The server killed with SIGKILL in the middle of order creation and of payment notifications
 * loses nothing it acknowledged: after a restart on the same data every acknowledged order and
 * payment is there, rooms agree with their orders, and the bank's repeated notifications change
 * each order once. On embedded PGlite and on PostgreSQL.
 */

export interface CrashTarget {
  name: string;
  env: Record<string, string>;
  /** Runs a statement on the data after the instance stopped. */
  query<T>(text: string): Promise<T[]>;
  dispose(): Promise<void>;
}

/** Embedded PGlite in a data folder of its own, read back after the instance stopped. */
export async function pgliteTarget(): Promise<CrashTarget> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'));
  return {
    name: 'PGlite',
    env: { DATA_DIR: dir },
    query: async <T>(text: string) => {
      const database = await openDatabase({ dataDir: path.join(dir, 'db') });
      try {
        return ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
      } finally {
        await database.close();
      }
    },
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Rooms raced for in one project. One identity holds one live order city-wide, but a project
 * may allow up to 10 of its own rooms: the scenario raises its project to that, so the demo buyer
 * can place several orders at once (docs/product/orders.md).
 */
const ROOMS = 12;
const PROJECT_LIMIT = 10;

/** The crash scenarios against one kind of database. */
export function describeCrashRecovery(name: string, makeTarget: () => Promise<CrashTarget>): void {
  describe(`a crash on ${name}`, () => {
    let target: CrashTarget;
    let instance: Instance;
    let token: string;

    const start = async () => {
      instance = await startInstance({ ...target.env, SEED_SCALE: '0.05' });
      const login = await call(instance.origin, 'POST', '/api/auth/login', {
        body: { account: '13800000001', password: 'Demo@2026' },
      });
      token = (login.body.data as { access_token: string }).access_token;
    };

    beforeAll(async () => {
      target = await makeTarget();
      await start();
    }, 180_000);

    /** Green rooms of the first project that has enough, that project allowing several orders. */
    async function roomsToRace(): Promise<number[]> {
      const projects = await call(instance.origin, 'GET', '/api/projects?pageSize=20');
      for (const project of (projects.body.data as { list: { id: number }[] }).list) {
        const roomIds: number[] = [];
        const buildings = await call(
          instance.origin,
          'GET',
          `/api/building-table/projects/${project.id}/buildings`,
        );
        for (const building of buildings.body.data as { id: number }[]) {
          const table = await call(
            instance.origin,
            'GET',
            `/api/building-table/buildings/${building.id}/rooms`,
          );
          const { floors } = table.body.data as {
            floors: { houseList: { id: number; color: string }[] }[];
          };
          for (const room of floors.flatMap((f) => f.houseList)) {
            if (room.color === 'green') roomIds.push(room.id);
          }
        }
        if (roomIds.length >= ROOMS) {
          // The data folder belongs to the running instance: stop it to change the project.
          await instance.stop();
          await target.query(
            `update projects set identity_order_limit = ${PROJECT_LIMIT} where id = ${project.id}`,
          );
          await start();
          return roomIds.slice(0, ROOMS);
        }
      }
      throw new Error(`no project with ${ROOMS} green rooms`);
    }

    afterAll(async () => {
      await instance?.stop();
      await target?.dispose();
    });

    it('keeps every acknowledged order and agrees rooms with orders after restart', async () => {
      // Green rooms to race for, read through the public building table.
      const rooms = await roomsToRace();

      const acknowledged: number[] = [];
      let killed = false;
      const attempts = rooms.map(async (roomId) => {
        try {
          const res = await call(instance.origin, 'POST', '/api/orders', {
            token,
            body: { houseId: roomId, agreed: true },
          });
          if (res.status === 200) acknowledged.push((res.body.data as { id: number }).id);
        } catch {
          // the connection died with the server
        }
        if (acknowledged.length >= 6 && !killed) {
          killed = true;
          await instance.kill();
        }
      });
      await Promise.all(attempts);
      if (!killed) await instance.kill();
      expect(acknowledged.length).toBeGreaterThanOrEqual(6);

      await start();
      for (const id of acknowledged) {
        const res = await call(instance.origin, 'GET', `/api/orders/${id}`, { token });
        expect(res.status, `order ${id}`).toBe(200);
        expect((res.body.data as { payStatus: number }).payStatus).toBe(1);
      }
      await instance.stop();

      const roomList = rooms.join(',');
      const mismatched = await target.query<{ id: number }>(
        `select r.id from rooms r
        left join orders o on o.room_id = r.id and o.pay_status = 1
       where r.id in (${roomList})
         and ((r.sale_status = 'yellow') <> (o.id is not null))`,
      );
      expect(mismatched).toEqual([]);
      await start();
    }, 240_000);

    it('keeps every acknowledged payment and applies repeated notifications once', async () => {
      const mine = await call(instance.origin, 'GET', '/api/orders?pageSize=50', { token });
      const unpaid = (
        mine.body.data as { list: { id: number; orderNo: string; payStatus: number }[] }
      ).list.filter((o) => o.payStatus === 1);
      expect(unpaid.length).toBeGreaterThanOrEqual(4);

      const notifications = [];
      for (const order of unpaid) {
        const pay = await call(instance.origin, 'POST', `/api/orders/${order.id}/pay`, {
          token,
          body: {},
        });
        expect(pay.status).toBe(200);
        const html = (pay.body.data as { html: string }).html;
        const tradeNo = /name="tradeNo" value="([^"]+)"/.exec(html)?.[1] ?? '';
        const outTradeNo = /name="outTradeNo" value="([^"]+)"/.exec(html)?.[1] ?? '';
        const detail = await call(instance.origin, 'GET', `/api/orders/${order.id}`, { token });
        const { lockMoney } = detail.body.data as { lockMoney: number };
        const trade = {
          outTradeNo,
          tradeNo,
          orderNo: order.orderNo,
          amountFen: lockMoney * 100,
          status: 'paid',
        } as SimTrade;
        notifications.push({
          orderId: order.id,
          body: notificationOf(trade, DEV_BANK_NOTIFY_SECRET),
        });
      }

      const acknowledged: number[] = [];
      let killed = false;
      await Promise.all(
        notifications.map(async ({ orderId, body }) => {
          try {
            const res = await call(instance.origin, 'POST', '/api/pay/notify', { body });
            if (res.status === 200 && res.body.code === '000000') acknowledged.push(orderId);
          } catch {
            // the connection died with the server
          }
          if (acknowledged.length >= 2 && !killed) {
            killed = true;
            await instance.kill();
          }
        }),
      );
      if (!killed) await instance.kill();
      expect(acknowledged.length).toBeGreaterThanOrEqual(2);

      await start();
      for (const orderId of acknowledged) {
        const res = await call(instance.origin, 'GET', `/api/orders/${orderId}`, { token });
        expect((res.body.data as { payStatus: number }).payStatus, `order ${orderId}`).toBe(3);
      }
      // The bank retries: every notification again, ten times, in reverse order.
      for (let round = 0; round < 10; round += 1) {
        for (const { body } of [...notifications].reverse()) {
          const res = await call(instance.origin, 'POST', '/api/pay/notify', { body });
          expect(res.status).toBe(200);
        }
      }
      await instance.stop();

      const ids = notifications.map((n) => n.orderId).join(',');
      const orders = await target.query<{ id: number; pay_status: number; sale_status: string }>(
        `select o.id, o.pay_status, r.sale_status from orders o join rooms r on r.id = o.room_id
        where o.id in (${ids})`,
      );
      expect(orders.filter((o) => o.pay_status !== 3 || o.sale_status !== 'blue')).toEqual([]);
      const paidLogs = await target.query<{ order_id: number; n: string }>(
        `select order_id, count(*) as n from order_logs
        where order_id in (${ids}) and step = 2 group by order_id`,
      );
      expect(paidLogs).toHaveLength(notifications.length);
      expect(paidLogs.every((row) => Number(row.n) === 1)).toBe(true);
      await start();
    }, 240_000);
  });
}
