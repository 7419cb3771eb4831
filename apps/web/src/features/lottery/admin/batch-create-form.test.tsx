import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { BatchCreateForm } from './batch-create-form';
import { lastRoundAtOrBefore, roundTime } from './beacon-round';

interface Call {
  url: string;
  body: unknown;
}

const ROOMS = [
  { id: 301, unitName: '1单元', floor: 1, houseMapName: '101', buildArea: 89.5 },
  { id: 302, unitName: '1单元', floor: 1, houseMapName: '102', buildArea: 92 },
  { id: 303, unitName: '2单元', floor: 1, houseMapName: '101', buildArea: 120 },
];

/** The console API the form reads: projects, one project's building and rooms, batches. */
function stubApi(answer = { code: '000000', message: '摇号批次已创建', data: { id: 9 } }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const ok = (data: unknown) => Response.json({ code: '000000', message: 'ok', data });
      if (init?.method === 'POST') {
        calls.push({ url, body: JSON.parse(String(init.body)) });
        return Response.json(answer, { status: answer.code === '000000' ? 200 : 409 });
      }
      if (url.startsWith('/api/admin/projects?')) {
        return ok({ list: [{ id: 3, publishName: '白塔岭住宅' }], total: 1 });
      }
      if (url.startsWith('/api/admin/projects/3')) {
        return ok({ id: 3, buildings: [{ id: 30, tabletNum: '3号楼' }] });
      }
      if (url.startsWith('/api/admin/rooms')) return ok(ROOMS);
      // Room 303 is already in another batch.
      if (url.startsWith('/api/lottery/batches')) return ok([{ id: 1, roomIds: [303] }]);
      return ok(null);
    }),
  );
  return calls;
}

/** Types a time into a date picker and leaves it, as an operator would. */
function typeTime(label: string, text: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

const fmt = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

/**
 * Opens the form with the registration starting tomorrow at a moment a beacon round is produced
 * at (so is every whole minute after it, a round every 3 s); answers that moment.
 */
function openWithRegistrationFrom(): number {
  stubApi();
  renderWithProviders(<BatchCreateForm onCreated={() => undefined} onCancel={() => undefined} />);
  const base = roundTime(lastRoundAtOrBefore(Date.now() + 86_400_000));
  typeTime('登记开始', fmt(base));
  return base;
}

afterEach(() => vi.unstubAllGlobals());

/**
 * The form holds four date pickers and a tree of rooms; drawn in jsdom, one test takes 10–35 s on
 * a slow shared machine, so each gets a minute.
 */
const FORM_TEST_MS = 60_000;

describe('新建摇号批次', () => {
  it(
    'says what is missing before anything is sent',
    async () => {
      const calls = stubApi();
      renderWithProviders(
        <BatchCreateForm onCreated={() => undefined} onCancel={() => undefined} />,
      );
      fireEvent.change(screen.getByLabelText('批次编号'), { target: { value: 'LH 2026' } });
      fireEvent.click(screen.getByRole('button', { name: '创建批次' }));
      expect(await screen.findByText('批次编号只能包含字母、数字和 -')).toBeTruthy();
      expect(screen.getByText('请填写批次名称')).toBeTruthy();
      expect(screen.getByText('请选择楼盘')).toBeTruthy();
      expect(screen.getByText('请选择摇号房源')).toBeTruthy();
      expect(screen.getByText('请选择登记开始')).toBeTruthy();
      expect(screen.getByText('请选择摇号时间')).toBeTruthy();
      expect(calls).toHaveLength(0);
    },
    FORM_TEST_MS,
  );

  it(
    'refuses a registration that closes before it opens',
    async () => {
      const base = openWithRegistrationFrom();
      typeTime('登记截止', fmt(base - 60_000));
      fireEvent.click(screen.getByRole('button', { name: '创建批次' }));
      expect(await screen.findByText('登记截止须晚于登记开始')).toBeTruthy();
      typeTime('登记截止', fmt(base + 60_000));
      await waitFor(() => expect(screen.queryByText('登记截止须晚于登记开始')).toBeNull());
    },
    FORM_TEST_MS,
  );

  it(
    'keeps the beacon round between review close and the draw',
    async () => {
      const base = openWithRegistrationFrom();
      typeTime('登记截止', fmt(base + 60_000));
      typeTime('审核与申诉截止', fmt(base + 60_000));
      // A draw one second after review closes: its last round came at the close, too early.
      typeTime('摇号时间', fmt(base + 61_000));
      const round = screen.getByLabelText('随机信标轮次') as HTMLInputElement;
      await waitFor(() => expect(round.value).toBe(String(lastRoundAtOrBefore(base + 61_000))));
      fireEvent.click(screen.getByRole('button', { name: '创建批次' }));
      expect(await screen.findByText(/该轮次在审核截止前已产生/)).toBeTruthy();
      expect(screen.queryByText('登记截止须晚于登记开始')).toBeNull();

      // Ten seconds later a round falls between them and is taken.
      typeTime('摇号时间', fmt(base + 70_000));
      await waitFor(() => expect(screen.queryByText(/该轮次在审核截止前已产生/)).toBeNull());
      const taken = Number(round.value);
      expect(roundTime(taken)).toBeGreaterThan(base + 60_000);
      expect(roundTime(taken)).toBeLessThanOrEqual(base + 70_000);
      expect(screen.getByText(new RegExp(`第 ${taken} 轮产生于`))).toBeTruthy();
    },
    FORM_TEST_MS,
  );

  it(
    'sends the batch with the rooms ticked in the tree, and shows the server’s refusal',
    async () => {
      const calls = stubApi({
        code: '40900',
        message: '所选房源已在其他摇号批次中',
        data: null,
      } as never);
      const onCreated = vi.fn();
      renderWithProviders(<BatchCreateForm onCreated={onCreated} onCancel={() => undefined} />);
      fireEvent.change(screen.getByLabelText('批次编号'), { target: { value: 'LH2026-020' } });
      fireEvent.change(screen.getByLabelText('批次名称'), { target: { value: '第 20 批' } });
      fireEvent.mouseDown(screen.getByLabelText('楼盘'));
      fireEvent.click(await screen.findByTitle('白塔岭住宅'));

      // Ticking the unit takes its rooms; the room of another batch cannot be ticked.
      const tree = await screen.findByRole('tree', { name: '摇号房源' }, { timeout: 5000 });
      const nodeOf = (text: string) =>
        within(tree).getByText(text).closest('.ant-tree-treenode') as HTMLElement;
      fireEvent.click(nodeOf('2单元').querySelector('.ant-tree-switcher') as HTMLElement);
      const taken = await within(tree).findByText('101（已在其他摇号批次）');
      expect(taken.closest('.ant-tree-treenode-disabled')).not.toBeNull();
      fireEvent.click(nodeOf('1单元').querySelector('.ant-tree-checkbox') as HTMLElement);
      expect(screen.getByTestId('lottery-room-count').textContent).toBe('已选 2 套');

      const base = Math.floor(Date.now() / 1000) * 1000 + 86_400_000;
      typeTime('登记开始', fmt(base));
      typeTime('登记截止', fmt(base + 60_000));
      typeTime('审核与申诉截止', fmt(base + 120_000));
      typeTime('摇号时间', fmt(base + 180_000));
      // The round the draw time gives is filled in.
      await waitFor(() =>
        expect((screen.getByLabelText('随机信标轮次') as HTMLInputElement).value).toBe(
          String(lastRoundAtOrBefore(base + 180_000)),
        ),
      );
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: '创建批次' }));
      });
      await waitFor(() => expect(calls).toHaveLength(1));
      expect(calls[0]?.url).toBe('/api/admin/lottery/batches');
      expect(calls[0]?.body).toMatchObject({
        code: 'LH2026-020',
        title: '第 20 批',
        projectId: 3,
        roomIds: [301, 302],
        prioritySharePct: 30,
        localHukouOrInsuranceMonths: 12,
        slotMinutes: 10,
        missedGoesLast: true,
        beacon: 'drand',
        regOpensAt: new Date(base).toISOString(),
        drawAt: new Date(base + 180_000).toISOString(),
        beaconRound: lastRoundAtOrBefore(base + 180_000),
      });
      expect(await screen.findByText('所选房源已在其他摇号批次中')).toBeTruthy();
      expect(onCreated).not.toHaveBeenCalled();
    },
    FORM_TEST_MS,
  );
});
