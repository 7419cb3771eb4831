import { LOTTERY_REG_STATUS } from '@portal/shared/status';
import { sql } from 'drizzle-orm';
import { lotteryBatches, lotteryRegistrations } from '../src/db/schema/index';
import { type AccessContext, multipartBody, type OwnerFixture } from './access-context';

const HOUR = 3_600_000;
let serial = 0;

/** A 摇号 batch with no rooms whose times put it `phase`-wise where the route needs it. */
async function batch(
  ctx: AccessContext,
  phase: 'registering' | 'reviewing' | 'reviewClosed' | 'committed',
): Promise<number> {
  serial += 1;
  const now = Date.now();
  const at = (hours: number) => new Date(now + hours * HOUR);
  const code = `ACC-${process.pid}-${serial}`;
  const times = {
    registering: [-1, 1, 2, 3],
    reviewing: [-3, -2, 1, 2],
    reviewClosed: [-4, -3, -2, 1],
    committed: [-4, -3, -2, -1],
  }[phase];
  const projectId = await ctx.one<number>(sql`select id from projects order by id limit 1`);
  const [row] = await ctx.t.database.db
    .insert(lotteryBatches)
    .values({
      code,
      title: '权限测试批次',
      projectId,
      roomIds: [],
      prioritySharePct: 0,
      insuranceMonths: 0,
      regOpensAt: at(times[0]!),
      regClosesAt: at(times[1]!),
      reviewClosesAt: at(times[2]!),
      drawAt: at(times[3]!),
      slotMinutes: 3,
      missedGoesLast: false,
      beacon: 'simulator',
      beaconRound: 1000,
      ...(phase === 'committed'
        ? {
            listText: `QHD-LOTTERY/1\nbatch=${code}\nrooms=0\npriorityRooms=0\n`,
            listHash: 'committed',
            committedAt: at(-1.5),
          }
        : {}),
    })
    .returning({ id: lotteryBatches.id });
  return row!.id;
}

async function registration(ctx: AccessContext, batchId: number, userId: number, status: string) {
  const [row] = await ctx.t.database.db
    .insert(lotteryRegistrations)
    .values({
      batchId,
      userId,
      regNo: `R-${batchId}-${userId}`,
      applicantName: '权限测试',
      applicantId: '130302199003151234',
      members: [],
      homeless: false,
      localHukou: true,
      insuranceMonths: 12,
      status,
      reason: status === LOTTERY_REG_STATUS.REFUSED ? '测试' : null,
    })
    .returning({ id: lotteryRegistrations.id });
  return row!.id;
}

/** A 证明材料 upload of the buyer's. */
async function proofUpload(ctx: AccessContext): Promise<{ path: string; url: string }> {
  const body = multipartBody({ name: 'p.jpg', type: 'image/jpeg', bytes: ctx.jpeg });
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/lottery/proofs',
    headers: { authorization: `Bearer ${ctx.tokens.buyer}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`access fixture: proof upload ${res.body}`);
  return res.json().data;
}

const proofPath = async (ctx: AccessContext) => (await proofUpload(ctx)).path;

/** The citizen's 摇号 routes: the path names a batch, the caller's own registration in it. */
export const LOTTERY_FIXTURES: Record<string, OwnerFixture> = {
  // The proofs are the buyer's own uploads: another citizen naming them is refused.
  'PUT /api/lottery/batches/:id/registration': async (ctx) => ({
    url: `/api/lottery/batches/${await batch(ctx, 'registering')}/registration`,
    payload: {
      members: [],
      memberConsent: false,
      homeless: true,
      localHukou: true,
      socialInsuranceMonths: 12,
      proofs: [
        { kind: 'hukou', path: await proofPath(ctx) },
        { kind: 'insurance', path: await proofPath(ctx) },
        { kind: 'homeless', path: await proofPath(ctx) },
      ],
    },
    namesOwnResources: true,
  }),
  'POST /api/lottery/proofs': async (ctx) => ({
    url: '/api/lottery/proofs',
    file: { name: '户口簿.jpg', type: 'image/jpeg', bytes: ctx.jpeg },
  }),
  // The buyer's upload, opened by its uploader; another citizen gets 404.
  'GET /api/lottery/proofs/:owner/:file': async (ctx) => ({
    url: (await proofUpload(ctx)).url,
  }),
  'POST /api/lottery/batches/:id/registration/appeal': async (ctx) => {
    const id = await batch(ctx, 'reviewing');
    await registration(ctx, id, ctx.userIds.buyer, LOTTERY_REG_STATUS.REFUSED);
    return {
      url: `/api/lottery/batches/${id}/registration/appeal`,
      payload: { reason: '补充材料' },
    };
  },
};

/** The operators' 摇号 routes. */
export const LOTTERY_ADMIN_FIXTURES: Record<string, OwnerFixture> = {
  'POST /api/admin/lottery/batches': async (ctx) => {
    serial += 1;
    const room = await ctx.rows<{ id: number; projectId: number }>(
      // A room in no batch yet: each call (the hostile-text test calls it once per family) is new.
      sql`select id, project_id as "projectId" from rooms where sale_status = 'gray'
          and id not in (select (jsonb_array_elements_text(room_ids))::int from lottery_batches)
          order by id limit 1`,
    );
    const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
    return {
      url: '/api/admin/lottery/batches',
      payload: {
        code: `ACC-NEW-${process.pid}-${serial}`,
        title: '权限测试新批次',
        projectId: room[0]!.projectId,
        roomIds: [room[0]!.id],
        prioritySharePct: 50,
        localHukouOrInsuranceMonths: 12,
        regOpensAt: at(1),
        regClosesAt: at(2),
        reviewClosesAt: at(3),
        drawAt: at(4),
        slotMinutes: 3,
        missedGoesLast: true,
        beacon: 'simulator',
        beaconRound: 1000,
      },
    };
  },
  'GET /api/admin/lottery/batches/:id/registrations': async (ctx) => ({
    url: `/api/admin/lottery/batches/${await batch(ctx, 'reviewing')}/registrations`,
  }),
  'POST /api/admin/lottery/registrations/:id/decision': async (ctx) => {
    const id = await registration(
      ctx,
      await batch(ctx, 'reviewing'),
      ctx.userIds.other,
      LOTTERY_REG_STATUS.SUBMITTED,
    );
    return { url: `/api/admin/lottery/registrations/${id}/decision`, payload: { approve: true } };
  },
  'POST /api/admin/lottery/batches/:id/publish': async (ctx) => ({
    url: `/api/admin/lottery/batches/${await batch(ctx, 'reviewClosed')}/publish`,
  }),
  'POST /api/admin/lottery/batches/:id/draw': async (ctx) => ({
    url: `/api/admin/lottery/batches/${await batch(ctx, 'committed')}/draw`,
  }),
};
