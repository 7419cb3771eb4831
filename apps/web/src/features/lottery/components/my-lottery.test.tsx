import type { LotteryBatch, MyLotteryRegistration } from '@portal/shared/schemas/lottery';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { MyLottery } from './my-lottery';

const HOUR = 3_600_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

const registration: MyLotteryRegistration = {
  id: 31,
  batchId: 7,
  batchTitle: '2026 年第 10 批 摇号选房',
  regNo: 'LH2026-010-00001',
  status: 'submitted',
  reason: null,
  appealReason: null,
  homeless: true,
  localHukou: true,
  socialInsuranceMonths: 0,
  note: '',
  members: [],
  canEdit: true,
  canAppeal: false,
  place: null,
};

const batch = {
  id: 7,
  code: 'LH2026-010',
  title: '2026 年第 10 批 摇号选房',
  rules: { localHukouOrInsuranceMonths: 12, description: '' },
  regOpensAt: iso(-HOUR),
  regClosesAt: iso(HOUR),
  phase: 'registering',
} as LotteryBatch;

const proofs = [
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
];

function stubApi(): Array<{ url: string; body: { proofs: unknown[] } }> {
  const puts: Array<{ url: string; body: { proofs: unknown[] } }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const answer = (data: unknown) => Response.json({ code: '000000', message: 'ok', data });
      if (init?.method === 'PUT') {
        puts.push({ url, body: JSON.parse(String(init.body)) });
        return answer({ id: 31, regNo: registration.regNo });
      }
      if (url.startsWith('/api/lottery/mine/proofs'))
        return answer([{ registrationId: 31, batchId: 7, proofs }]);
      if (url.startsWith('/api/lottery/mine')) return answer([registration]);
      return answer(batch);
    }),
  );
  return puts;
}

afterEach(() => vi.unstubAllGlobals());

describe('我的摇号 证明材料', () => {
  it('lists the proofs submitted, each opening its file', async () => {
    stubApi();
    renderWithProviders(<MyLottery />);
    const list = await screen.findByTestId('my-lottery-proofs');
    const hukou = within(list).getByRole('link', { name: '户口簿首页及本人页 1' });
    expect(hukou.getAttribute('href')).toBe('/api/lottery/proofs/9/a.jpg');
    expect(
      within(list).getByRole('link', { name: '无房证明（不动产登记查询结果） 1（PDF）' }),
    ).toBeTruthy();
  });

  it('edits the registration with its proofs kept, removed or replaced until it closes', async () => {
    const puts = stubApi();
    renderWithProviders(<MyLottery />);
    fireEvent.click(await screen.findByRole('button', { name: '修改登记' }));
    expect(
      await screen.findByText('修改后登记将重新进入审核中。家庭成员的身份证号请重新填写。'),
    ).toBeTruthy();
    expect(await screen.findByRole('img', { name: '户口簿首页及本人页1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '删除无房证明（不动产登记查询结果）1' }));
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    expect(await screen.findByText('请上传证明材料：无房证明（不动产登记查询结果）')).toBeTruthy();
    expect(puts).toHaveLength(0);

    // No longer 无房: the proof is not needed, and the rest goes as it was.
    fireEvent.click(screen.getByRole('checkbox', { name: /无房家庭/ }));
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.body.proofs).toEqual([{ kind: 'hukou', path: 'lottery/9/a.jpg' }]);
  });
});
