import type { LotteryBatch } from '@portal/shared/schemas/lottery';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import type * as lotteryApi from '../api/lottery-api';
import { uploadLotteryProof } from '../api/lottery-api';
import { RegistrationForm } from './registration-form';

vi.mock('../api/lottery-api', async (importOriginal) => ({
  ...(await importOriginal<typeof lotteryApi>()),
  uploadLotteryProof: vi.fn(),
}));

const HOUR = 3_600_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

const batch: LotteryBatch = {
  id: 7,
  code: 'LH2026-010',
  title: '2026 年第 10 批 摇号选房',
  projectId: 3,
  projectName: '海港区白塔岭路西侧住宅项目',
  roomIds: [11],
  roomCount: 1,
  priorityRooms: 0,
  prioritySharePct: 0,
  rules: { localHukouOrInsuranceMonths: 12, description: '' },
  regOpensAt: iso(-HOUR),
  regClosesAt: iso(HOUR),
  reviewClosesAt: iso(2 * HOUR),
  drawAt: iso(3 * HOUR),
  slotMinutes: 10,
  missedGoesLast: true,
  beacon: 'simulator',
  beaconRound: 100,
  phase: 'registering',
  counts: { registered: 0, priority: 0, general: 0 },
  odds: { priority: null, general: null },
  listHash: null,
  committedAt: null,
  drawnAt: null,
};

interface Put {
  url: string;
  body: { proofs: Array<{ kind: string; path: string }> };
}

function stubSave(): Put[] {
  const puts: Put[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT')
        puts.push({ url: String(input), body: JSON.parse(String(init.body)) });
      return Response.json({
        code: '000000',
        message: 'ok',
        data: { id: 1, regNo: 'LH2026-010-00001' },
      });
    }),
  );
  return puts;
}

let serial = 0;
beforeEach(() => {
  vi.mocked(uploadLotteryProof).mockImplementation(async (file, onProgress) => {
    onProgress?.(0.5);
    serial += 1;
    const path = `lottery/9/${String(serial).padStart(32, '0')}.${file.type === 'application/pdf' ? 'pdf' : 'jpg'}`;
    return {
      path,
      url: `/api/lottery/proofs/9/${path.split('/')[2]}`,
      contentType: file.type,
      size: file.size,
    };
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(uploadLotteryProof).mockReset();
});

const pick = (label: string, file: File) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
const photo = (name: string) => new File(['jpeg'], name, { type: 'image/jpeg' });

describe('意向登记 证明材料', () => {
  it('asks for the proofs the declarations need, with a camera-friendly picker per kind', async () => {
    stubSave();
    renderWithProviders(<RegistrationForm batch={batch} onSaved={() => {}} />);
    // 本市户籍 is ticked by default; no months of social insurance, no 无房, no spouse.
    const hukou = screen.getByLabelText('上传户口簿首页及本人页');
    expect(hukou.getAttribute('accept')).toBe('image/*,application/pdf');
    expect(screen.queryByLabelText('上传社保缴纳证明')).toBeNull();
    expect(screen.queryByLabelText('上传无房证明（不动产登记查询结果）')).toBeNull();
    expect(screen.queryByLabelText('上传结婚证')).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: /无房家庭/ }));
    fireEvent.change(screen.getByRole('spinbutton'), { target: { value: '24' } });
    fireEvent.click(screen.getByRole('button', { name: '添加家庭成员（配偶、未成年子女）' }));
    expect(await screen.findByLabelText('上传无房证明（不动产登记查询结果）')).toBeTruthy();
    expect(screen.getByLabelText('上传社保缴纳证明')).toBeTruthy();
    expect(screen.getByLabelText('上传结婚证')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: /秦皇岛市户籍/ }));
    await waitFor(() => expect(screen.queryByLabelText('上传户口簿首页及本人页')).toBeNull());
  });

  it('refuses to send the registration until every needed proof is uploaded, then sends their keys', async () => {
    const puts = stubSave();
    renderWithProviders(<RegistrationForm batch={batch} onSaved={() => {}} />);
    fireEvent.click(screen.getByRole('checkbox', { name: /无房家庭/ }));
    await screen.findByLabelText('上传无房证明（不动产登记查询结果）');

    fireEvent.click(screen.getByRole('button', { name: '提交意向登记' }));
    expect(
      await screen.findByText('请上传证明材料：户口簿首页及本人页、无房证明（不动产登记查询结果）'),
    ).toBeTruthy();
    expect(puts).toHaveLength(0);

    pick('上传户口簿首页及本人页', photo('户口簿首页.jpg'));
    expect(await screen.findByText('户口簿首页.jpg')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '提交意向登记' }));
    expect(await screen.findByText('请上传证明材料：无房证明（不动产登记查询结果）')).toBeTruthy();
    expect(puts).toHaveLength(0);

    pick(
      '上传无房证明（不动产登记查询结果）',
      new File(['%PDF-'], '查询结果.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('查询结果.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '提交意向登记' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.url).toBe('/api/lottery/batches/7/registration');
    expect(puts[0]!.body.proofs.map((p) => p.kind)).toEqual(['hukou', 'homeless']);
    expect(puts[0]!.body.proofs[1]!.path).toMatch(/\.pdf$/);
  });

  it('refuses other file types and oversize files in Chinese without sending them, and shows the server refusal', async () => {
    stubSave();
    renderWithProviders(<RegistrationForm batch={batch} onSaved={() => {}} />);
    pick('上传户口簿首页及本人页', new File(['x'], '户口簿.docx', { type: 'application/msword' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '证明材料只能是 JPG、PNG、WebP 图片或 PDF 文件',
    );
    const huge = photo('户口簿.jpg');
    Object.defineProperty(huge, 'size', { value: 11 * 1024 * 1024 });
    pick('上传户口簿首页及本人页', huge);
    expect(await screen.findByText('单个证明材料不能超过 10MB')).toBeTruthy();
    expect(uploadLotteryProof).not.toHaveBeenCalled();

    vi.mocked(uploadLotteryProof).mockRejectedValueOnce(
      new Error('证明材料只能是 JPG、PNG、WebP 图片或 PDF 文件'),
    );
    pick('上传户口簿首页及本人页', photo('伪装.jpg'));
    expect(
      await screen.findByText('伪装.jpg：证明材料只能是 JPG、PNG、WebP 图片或 PDF 文件'),
    ).toBeTruthy();
  });

  it('removes an uploaded proof, so the registration needs it again', async () => {
    const puts = stubSave();
    renderWithProviders(<RegistrationForm batch={batch} onSaved={() => {}} />);
    pick('上传户口簿首页及本人页', photo('户口簿首页.jpg'));
    await screen.findByText('户口簿首页.jpg');
    fireEvent.click(screen.getByRole('button', { name: '删除户口簿首页及本人页1' }));
    await waitFor(() => expect(screen.queryByText('户口簿首页.jpg')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '提交意向登记' }));
    expect(await screen.findByText('请上传证明材料：户口簿首页及本人页')).toBeTruthy();
    expect(puts).toHaveLength(0);
  });
});
