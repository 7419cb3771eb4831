import { LOTTERY_PROOF_MESSAGES } from '@portal/shared/schemas/lottery';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { lotteryBatches, lotteryProofs, rooms, users } from '../../db/schema/index';
import { UPLOAD_FOLDERS } from '../../jobs/file-references';
import { sweepOrphanFiles } from '../../jobs/file-sweeper';
import { composeIdCard } from '../../seed/id-card';
import { multipartFile, useAdminTest } from '../admin/admin-test-helpers';
import { hashPassword } from '../auth/index';
import { freshBuyer, greenRoomIds } from '../orders/orders-test-helpers';
import { postProof, uploadProof } from './lottery-test-helpers';

const c = useAdminTest();
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
type Headers = { authorization: string };

const state = {
  batchId: 0,
  a: { headers: {} as Headers, id: 0 },
  b: { headers: {} as Headers, id: 0 },
};

/** 本市户籍, 24 months of social insurance, a spouse: 户口簿, 社保缴纳证明 and 结婚证 needed. */
const declarations = (spouse = true) => ({
  members: spouse
    ? [{ relation: 'spouse', name: '配偶乙', idCard: composeIdCard('110101', '19900101', 311) }]
    : [],
  memberConsent: spouse,
  homeless: false,
  localHukou: true,
  socialInsuranceMonths: 24,
  note: '',
});

const put = (headers: Headers, body: object) =>
  c.t.app.inject({
    method: 'PUT',
    url: `/api/lottery/batches/${state.batchId}/registration`,
    headers,
    payload: body,
  });
const fetchFile = (url: string, headers?: Headers) =>
  c.t.app.inject({ method: 'GET', url, ...(headers ? { headers } : {}) });
const storedProofs = async () => {
  const keys: string[] = [];
  for await (const object of c.t.app.storage.list('private', 'lottery/')) keys.push(object.key);
  return keys;
};
const lotteryFolder = UPLOAD_FOLDERS.filter((f) => f.prefix === 'lottery/');
/** Sweeps the proof folder as if every file were older than the grace period. */
const sweepProofs = () =>
  sweepOrphanFiles(c.t.database.db, c.t.app.storage, new Date(Date.now() + 60_000), {
    graceMs: 0,
    folders: lotteryFolder,
  });

describe('意向登记 证明材料', () => {
  it('sets up an open batch and two verified citizens', async () => {
    const db = c.t.database.db;
    const green = await greenRoomIds(db, 400);
    const rows = await db
      .select({ id: rooms.id, projectId: rooms.projectId })
      .from(rooms)
      .where(inArray(rooms.id, green));
    // Rooms the other lottery test file does not take (it uses the first two of its project).
    const room = rows[rows.length - 1]!;
    const created = await c.send('POST', '/api/admin/lottery/batches', {
      code: 'PROOF-01',
      title: '证明材料测试批次',
      projectId: room.projectId,
      roomIds: [room.id],
      prioritySharePct: 0,
      localHukouOrInsuranceMonths: 12,
      description: '',
      regOpensAt: iso(-HOUR),
      regClosesAt: iso(HOUR),
      reviewClosesAt: iso(2 * HOUR),
      drawAt: iso(3 * HOUR),
      slotMinutes: 3,
      missedGoesLast: true,
      beacon: 'simulator',
      beaconRound: 1000,
    });
    expect(created.statusCode).toBe(200);
    state.batchId = created.json().data.id;
    state.a = await freshBuyer(db);
    state.b = await freshBuyer(db);
  });

  it('refuses a registration without the proofs its declarations need, naming them in Chinese', async () => {
    const none = await put(state.a.headers, declarations());
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('请上传证明材料：户口簿首页及本人页、社保缴纳证明、结婚证');
    const hukou = await uploadProof(c, state.a.headers);
    const partly = await put(state.a.headers, {
      ...declarations(),
      proofs: [{ kind: 'hukou', path: hukou }],
    });
    expect(partly.statusCode).toBe(400);
    expect(partly.json().message).toBe('请上传证明材料：社保缴纳证明、结婚证');
  });

  it('takes pictures and PDF by their bytes; refuses other types and oversize files in Chinese, storing nothing', async () => {
    const before = await storedProofs();
    const pdf = await postProof(
      c,
      state.a.headers,
      multipartFile('社保.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n')),
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.json().data).toMatchObject({ contentType: 'application/pdf' });
    expect(pdf.json().data.path).toMatch(new RegExp(`^lottery/${state.a.id}/[a-f0-9]{32}\\.pdf$`));
    const webp = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#fff' },
    })
      .webp()
      .toBuffer();
    const webpUpload = await postProof(
      c,
      state.a.headers,
      multipartFile('结婚证.webp', 'image/webp', webp),
    );
    expect(webpUpload.json().data.contentType).toBe('image/webp');

    const refusals = [
      multipartFile('户口簿.exe', 'application/octet-stream', Buffer.from('MZ\x90\x00 program')),
      multipartFile('户口簿.png', 'image/png', Buffer.from('<svg onload="alert(1)"></svg>')),
      multipartFile('户口簿.png', 'image/png', Buffer.from('\x89PNG\r\n\x1a\nnot a picture')),
      multipartFile('户口簿.gif', 'image/gif', Buffer.from('GIF89a....')),
    ];
    for (const file of refusals) {
      const refused = await postProof(c, state.a.headers, file);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(LOTTERY_PROOF_MESSAGES.type);
    }
    const huge = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const tooLarge = await postProof(
      c,
      state.a.headers,
      multipartFile('社保.pdf', 'application/pdf', huge),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(LOTTERY_PROOF_MESSAGES.size);
    const anonymous = await c.t.app.inject({
      method: 'POST',
      url: '/api/lottery/proofs',
      headers: { 'content-type': refusals[0]!.contentType },
      payload: refusals[0]!.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await storedProofs()).length).toBe(before.length + 2);
  });

  it('refuses files of another citizen, unknown files and keys of other folders', async () => {
    const own = [await uploadProof(c, state.a.headers), await uploadProof(c, state.a.headers)];
    const others = await uploadProof(c, state.b.headers);
    const attempts = [
      others,
      `lottery/${state.a.id}/${'0'.repeat(32)}.png`,
      `report/${state.a.id}/${'0'.repeat(32)}.png`,
      '../private/x.png',
    ];
    for (const path of attempts) {
      const refused = await put(state.a.headers, {
        ...declarations(),
        proofs: [
          { kind: 'hukou', path: own[0] },
          { kind: 'insurance', path: own[1] },
          { kind: 'marriage', path },
        ],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(LOTTERY_PROOF_MESSAGES.invalid);
    }
    const unknownKind = await put(state.a.headers, {
      ...declarations(),
      proofs: [{ kind: 'passport', path: own[0] }],
    });
    expect(unknownKind.statusCode).toBe(400);
  });

  let proofUrls: string[] = [];
  let replaced = '';

  it('takes the registration with its proofs; 我的摇号 and the review queue list them', async () => {
    const proofs = [
      { kind: 'hukou', path: await uploadProof(c, state.a.headers) },
      { kind: 'hukou', path: await uploadProof(c, state.a.headers) },
      { kind: 'insurance', path: await uploadProof(c, state.a.headers) },
      { kind: 'marriage', path: await uploadProof(c, state.a.headers) },
    ];
    replaced = proofs[2]!.path;
    const saved = await put(state.a.headers, { ...declarations(), proofs });
    expect(saved.statusCode).toBe(200);

    const mine = await c.t.app.inject({
      url: '/api/lottery/mine/proofs',
      headers: state.a.headers,
    });
    const entry = mine.json().data.find((r: { batchId: number }) => r.batchId === state.batchId);
    expect(entry.proofs.map((p: { label: string }) => p.label)).toEqual([
      '户口簿首页及本人页',
      '户口簿首页及本人页',
      '社保缴纳证明',
      '结婚证',
    ]);
    proofUrls = entry.proofs.map((p: { url: string }) => p.url);
    expect(proofUrls[0]).toMatch(
      new RegExp(`^/api/lottery/proofs/${state.a.id}/[a-f0-9]{32}\\.png$`),
    );

    const queue = await c.send('GET', `/api/admin/lottery/batches/${state.batchId}/registrations`);
    const item = queue.json().data[0];
    expect(item.proofs).toHaveLength(4);
    expect(item.proofs[3]).toMatchObject({ kind: 'marriage', label: '结婚证' });
  });

  it('lets the applicant and the operators open a proof; other citizens and anonymous callers cannot', async () => {
    const url = proofUrls[0]!;
    const own = await fetchFile(url, state.a.headers);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.headers['content-security-policy']).toContain('sandbox');
    expect((await fetchFile(url, c.admin)).statusCode).toBe(200);
    const other = await fetchFile(url, state.b.headers);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('PNG');
    expect((await fetchFile(url)).statusCode).toBe(401);
    expect((await fetchFile(url.replace(/\.png$/, '.exe'), state.a.headers)).statusCode).toBe(404);
    // An upload no registration names is its uploader's alone, even for the operators.
    const loose = await postProof(c, state.b.headers);
    const looseUrl = loose.json().data.url as string;
    expect((await fetchFile(looseUrl, state.b.headers)).statusCode).toBe(200);
    expect((await fetchFile(looseUrl, c.admin)).statusCode).toBe(404);
    expect((await fetchFile(looseUrl, state.a.headers)).statusCode).toBe(404);
  });

  it('replaces proofs with an edit (back to 审核中); the sweeper deletes the replaced and loose files only', async () => {
    const queue = await c.send('GET', `/api/admin/lottery/batches/${state.batchId}/registrations`);
    const regId = queue.json().data[0].id as number;
    const approved = await c.send('POST', `/api/admin/lottery/registrations/${regId}/decision`, {
      approve: true,
    });
    expect(approved.statusCode).toBe(200);

    const mine = await c.t.app.inject({
      url: '/api/lottery/mine/proofs',
      headers: state.a.headers,
    });
    const kept = mine
      .json()
      .data.find((r: { batchId: number }) => r.batchId === state.batchId)
      .proofs.filter(
        (p: { kind: string; path: string }) => p.path !== replaced && p.kind !== 'marriage',
      )
      .map((p: { kind: string; path: string }) => ({ kind: p.kind, path: p.path }));
    const newer = await uploadProof(c, state.a.headers);
    const edited = await put(state.a.headers, {
      ...declarations(false),
      proofs: [...kept, { kind: 'insurance', path: newer }],
    });
    expect(edited.statusCode).toBe(200);
    const status = await c.t.app.inject({ url: '/api/lottery/mine', headers: state.a.headers });
    expect(
      status.json().data.find((r: { batchId: number }) => r.batchId === state.batchId).status,
    ).toBe('submitted');
    const rows = await c.t.database.db
      .select({ kind: lotteryProofs.kind, path: lotteryProofs.path })
      .from(lotteryProofs)
      .where(eq(lotteryProofs.registrationId, regId));
    expect(rows.map((r) => r.kind)).toEqual(['hukou', 'hukou', 'insurance']);

    const held = rows.map((r) => r.path);
    await sweepProofs();
    const left = await storedProofs();
    expect(left.sort()).toEqual([...held].sort());
    expect(left).not.toContain(replaced);
  });

  it('refuses any change once registration has closed', async () => {
    const db = c.t.database.db;
    await db
      .update(lotteryBatches)
      .set({
        regOpensAt: new Date(Date.now() - 2 * HOUR),
        regClosesAt: new Date(Date.now() - 1000),
      })
      .where(eq(lotteryBatches.id, state.batchId));
    const late = await put(state.a.headers, {
      ...declarations(false),
      proofs: [
        { kind: 'hukou', path: await uploadProof(c, state.a.headers) },
        { kind: 'insurance', path: await uploadProof(c, state.a.headers) },
      ],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('已截止');
  });

  it('forgets the proofs with a closed account; the sweeper then deletes their files', async () => {
    const db = c.t.database.db;
    await db
      .update(users)
      .set({ passwordHash: await hashPassword('Proof-pass-2026') })
      .where(eq(users.id, state.a.id));
    const closed = await c.t.app.inject({
      method: 'POST',
      url: '/api/users/me/close',
      headers: state.a.headers,
      payload: { password: 'Proof-pass-2026' },
    });
    expect(closed.statusCode).toBe(200);
    const queue = await c.send('GET', `/api/admin/lottery/batches/${state.batchId}/registrations`);
    expect(queue.json().data[0].proofs).toEqual([]);
    await sweepProofs();
    expect(await storedProofs()).toEqual([]);
  });
});
