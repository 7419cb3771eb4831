import type { LotteryBatch } from '@portal/shared/schemas/lottery';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LotteryBatchConsole } from './batch-console';
import { roundTime } from './beacon-round';
import type { LotteryReviewItem } from './lottery-admin-api';

const MINUTE = 60_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

function batchOf(overrides: Partial<LotteryBatch> = {}): LotteryBatch {
  return {
    id: 5,
    code: 'LH2026-009',
    title: '2026 年第 9 批 摇号选房',
    projectId: 3,
    projectName: '海港区白塔岭路西侧住宅项目',
    roomIds: [11, 12],
    roomCount: 2,
    priorityRooms: 1,
    prioritySharePct: 50,
    rules: { localHukouOrInsuranceMonths: 12, description: '' },
    regOpensAt: iso(-60 * MINUTE),
    regClosesAt: iso(-MINUTE),
    reviewClosesAt: iso(30 * MINUTE),
    drawAt: iso(60 * MINUTE),
    slotMinutes: 10,
    missedGoesLast: true,
    beacon: 'simulator',
    beaconRound: 100,
    phase: 'reviewing',
    counts: { registered: 2, priority: 1, general: 0 },
    odds: { priority: null, general: null },
    listHash: null,
    committedAt: null,
    drawnAt: null,
    ...overrides,
  };
}

const item = (overrides: Partial<LotteryReviewItem>): LotteryReviewItem => ({
  id: 21,
  regNo: 'LH2026-009-00001',
  applicant: '张晓明',
  applicantId: '1303**********1234',
  status: 'submitted',
  homeless: true,
  localHukou: true,
  socialInsuranceMonths: 24,
  members: [{ relation: 'spouse', name: '李晓红', idCard: '1303**********5678' }],
  reason: null,
  appealReason: null,
  proofs: [],
  ...overrides,
});

interface Call {
  url: string;
  body: unknown;
}

/** The API as the console reads it: the batch, its queue and the posts, answered as given. */
function stubApi(
  batch: LotteryBatch,
  queue: LotteryReviewItem[],
  answer: (url: string) => { code: string; message: string; data: unknown } = () => ({
    code: '000000',
    message: 'ok',
    data: null,
  }),
): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST') {
        calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
        const body = answer(url);
        return Response.json(body, { status: body.code === '000000' ? 200 : 409 });
      }
      if (url.includes('/registrations')) {
        return Response.json({ code: '000000', message: 'ok', data: queue });
      }
      if (url.includes('/draw-record')) {
        return Response.json({
          code: '000000',
          message: 'ok',
          data: {
            batchId: batch.id,
            code: batch.code,
            listText: 'QHD-LOTTERY/1\n',
            listHash: batch.listHash,
            committedAt: batch.committedAt,
            beacon: batch.beacon,
            beaconRound: batch.beaconRound,
            randomness: 'ab',
            beaconSignature: 'cd',
            drawnAt: batch.drawnAt,
            results: [
              { chooseOrder: 1, regNo: 'LH2026-009-00002', outcome: 'priority' },
              { chooseOrder: 2, regNo: 'LH2026-009-00001', outcome: 'waitlist' },
            ],
          },
        });
      }
      return Response.json({ code: '000000', message: 'ok', data: batch });
    }),
  );
  return calls;
}

const renderConsole = () =>
  renderWithProviders(<LotteryBatchConsole id={5} />, { url: '/admin/lottery/batch?id=5' });

afterEach(() => vi.unstubAllGlobals());

describe('摇号 review queue', () => {
  it('shows the proofs of each registration as links that open them, and names the missing ones', async () => {
    stubApi(batchOf(), [
      item({
        proofs: [
          {
            kind: 'hukou',
            label: '户口簿首页及本人页',
            path: 'lottery/9/a.jpg',
            url: '/api/lottery/proofs/9/a.jpg',
            contentType: 'image/jpeg',
          },
          {
            kind: 'homeless',
            label: '无房证明（不动产登记查询结果）',
            path: 'lottery/9/b.pdf',
            url: '/api/lottery/proofs/9/b.pdf',
            contentType: 'application/pdf',
          },
        ],
      }),
    ]);
    renderConsole();
    const row = (await screen.findByText('LH2026-009-00001')).closest('tr') as HTMLElement;
    const hukou = within(row).getByRole('link', { name: '户口簿首页及本人页 1' });
    expect(hukou.getAttribute('href')).toBe('/api/lottery/proofs/9/a.jpg');
    expect(hukou.getAttribute('target')).toBe('_blank');
    expect(
      within(row).getByRole('link', { name: '无房证明（不动产登记查询结果） 1（PDF）' }),
    ).toBeTruthy();
    // 24 months of social insurance and a spouse, but no 社保缴纳证明 or 结婚证 among the files.
    expect(within(row).getByText('缺：社保缴纳证明、结婚证')).toBeTruthy();
  });

  it('approves at once, and refuses only with a reason', async () => {
    const calls = stubApi(batchOf(), [item({})]);
    renderConsole();
    const row = (await screen.findByText('LH2026-009-00001')).closest('tr') as HTMLElement;
    // The ID numbers as the API gives them, masked.
    expect(within(row).getByText('1303**********1234')).toBeTruthy();
    expect(within(row).getByText('配偶 李晓红 1303**********5678')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: '不通过 LH2026-009-00001' }));
    const dialog = await screen.findByRole('dialog', { name: '不通过：LH2026-009-00001' });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认不通过/ }));
    expect(await within(dialog).findByText('请填写不通过的原因')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('不通过的原因（申请人可见）'), {
      target: { value: '  社保缴纳月数不足  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认不通过/ }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: '/api/admin/lottery/registrations/21/decision',
      body: { approve: false, reason: '社保缴纳月数不足' },
    });

    fireEvent.click(within(row).getByRole('button', { name: '通过 LH2026-009-00001' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toEqual({ approve: true, reason: '' });
  }, 20_000);

  it('gives an appeal its second decision and shows the server’s refusal in Chinese', async () => {
    const calls = stubApi(
      batchOf(),
      [item({ status: 'appealing', reason: '无房证明缺失', appealReason: '已补交证明' })],
      () => ({ code: '40900', message: '审核已截止', data: null }),
    );
    renderConsole();
    const row = (await screen.findByText('LH2026-009-00001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('申诉：已补交证明')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: '通过 LH2026-009-00001' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '复核通过 LH2026-009-00001' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await screen.findByText('审核已截止')).toBeTruthy();
  }, 20_000);
});

describe('公示名单 and 摇号', () => {
  it('keeps both closed until review closes and no registration waits', async () => {
    stubApi(batchOf(), [item({})]);
    renderConsole();
    expect(await screen.findByText(/后才能公示名单/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '公示名单' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: '摇 号' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('须先公示名单并公布承诺值')).toBeTruthy();
  });

  it('publishes after a confirmation that says it is final', async () => {
    const calls = stubApi(
      batchOf({ reviewClosesAt: iso(-MINUTE) }),
      [item({ status: 'approved' }), item({ id: 22, regNo: 'X-2', status: 'refused' })],
      () => ({ code: '000000', message: '名单已公示', data: { listHash: 'a'.repeat(64) } }),
    );
    renderConsole();
    const publish = await screen.findByRole('button', { name: '公示名单' });
    await waitFor(() => expect(publish.hasAttribute('disabled')).toBe(false));
    fireEvent.click(publish);
    const dialog = await screen.findByRole('dialog', { name: '确认公示名单' });
    expect(dialog.textContent).toContain('公示后名单和承诺值都不能更改');
    expect(calls).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: /确认公示，不可更改/ }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toBe('/api/admin/lottery/batches/5/publish');
  }, 20_000);

  it('opens 摇号 only once the draw time and its beacon round have come', async () => {
    const hash = 'b'.repeat(64);
    const published = { listHash: hash, committedAt: iso(-2 * MINUTE), phase: 'published' };
    const future = Math.ceil((Date.now() + 10 * MINUTE) / 3000) * 3000;
    stubApi(
      batchOf({
        ...published,
        reviewClosesAt: iso(-3 * MINUTE),
        drawAt: iso(-MINUTE),
        // A round still to come: the draw would be refused.
        beaconRound: Math.round((future / 1000 - 1692803367) / 3) + 1,
      }),
      [],
    );
    const { unmount } = renderConsole();
    expect(await screen.findByText(/随机信标第 \d+ 轮尚未产生/)).toBeTruthy();
    expect(screen.getByTestId('lottery-list-hash').textContent).toBe(hash);
    unmount();
    vi.unstubAllGlobals();

    const calls = stubApi(
      batchOf({ ...published, reviewClosesAt: iso(-3 * MINUTE), drawAt: iso(-MINUTE) }),
      [],
      () => ({ code: '000000', message: '摇号完成', data: { listHash: hash, places: 2 } }),
    );
    expect(roundTime(100)).toBeLessThan(Date.now());
    renderConsole();
    const draw = await screen.findByRole('button', { name: '摇 号' });
    await waitFor(() => expect(draw.hasAttribute('disabled')).toBe(false));
    fireEvent.click(draw);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toBe('/api/admin/lottery/batches/5/draw');
  }, 20_000);

  it('shows the order and links to the public verifier once drawn', async () => {
    stubApi(
      batchOf({
        listHash: 'c'.repeat(64),
        committedAt: iso(-3 * MINUTE),
        drawnAt: iso(-MINUTE),
        phase: 'drawn',
      }),
      [],
    );
    renderConsole();
    const link = await screen.findByRole('link', { name: '打开公开复核页' });
    expect(link.getAttribute('href')).toBe('/lotteryVerify?id=5');
    const first = (await screen.findByText('LH2026-009-00002')).closest('tr') as HTMLElement;
    expect(within(first).getByText('中签')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '摇 号' })).toBeNull();
  });
});
