import type { LotteryBatch, LotteryBoard } from '@portal/shared/schemas/lottery';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '../../../lib/api-client';
import { FakeEventSource } from '../../../test/fake-event-source';
import { renderWithProviders } from '../../../test/render';
import { BatchView } from './batch-view';

vi.mock('../../../lib/api-client', () => ({ apiGet: vi.fn() }));
const mockedGet = vi.mocked(apiGet);

const BATCH: LotteryBatch = {
  id: 7,
  code: 'LH2026-007',
  title: '海港区某楼盘第一批摇号',
  projectId: 3,
  projectName: '海景花园',
  roomIds: [1, 2, 3],
  roomCount: 3,
  priorityRooms: 1,
  prioritySharePct: 50,
  rules: { localHukouOrInsuranceMonths: 12, description: '' },
  regOpensAt: '2026-11-01T00:00:00.000Z',
  regClosesAt: '2026-11-10T00:00:00.000Z',
  reviewClosesAt: '2026-11-15T00:00:00.000Z',
  drawAt: '2026-11-20T02:00:00.000Z',
  slotMinutes: 3,
  missedGoesLast: true,
  beacon: 'simulator',
  beaconRound: 1000,
  phase: 'drawn',
  counts: { registered: 5, priority: 2, general: 3 },
  odds: { priority: 50, general: 33 },
  listHash: 'ab'.repeat(32),
  committedAt: '2026-11-15T00:00:00.000Z',
  drawnAt: '2026-11-20T02:00:00.000Z',
};
const BOARD: LotteryBoard = {
  batchId: 7,
  current: { chooseOrder: 1, regNo: 'LH2026-007-00003', endsAt: '2026-11-20T02:03:00.000Z' },
  roomsLeft: 3,
  slots: [],
};

describe('the 选房 board, pushed', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    mockedGet.mockImplementation(async (url: string) => {
      if (url.endsWith('/board')) return BOARD;
      if (url.endsWith('/draw-record')) return { listText: null };
      if (url === '/api/lottery/batches/7') return BATCH;
      return [];
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    mockedGet.mockReset();
  });

  it('shows each pushed turn at once, without reading the board again', async () => {
    renderWithProviders(<BatchView id={7} />);
    expect(await screen.findByText('正在选房：第 1 号')).toBeTruthy();
    // Until the stream opens, the board is read every 5 seconds.
    expect(screen.getByText('正在连接，每 5 秒刷新')).toBeTruthy();
    const source = FakeEventSource.opened.find((s) => s.url.endsWith('/events'));
    expect(source?.url).toBe('/api/lottery/batches/7/events');
    const boardReads = () => mockedGet.mock.calls.filter(([url]) => url.endsWith('/board')).length;
    const before = boardReads();

    act(() => source!.push('board', { batchId: 7, current: BOARD.current, roomsLeft: 3 }));
    expect(await screen.findByText('实时更新')).toBeTruthy();
    act(() =>
      source!.push('board', {
        batchId: 7,
        current: { chooseOrder: 2, regNo: 'LH2026-007-00001', endsAt: BOARD.current!.endsAt },
        roomsLeft: 2,
      }),
    );
    expect(await screen.findByText('正在选房：第 2 号')).toBeTruthy();
    expect(screen.getByText(/剩余摇号房源 2 套/)).toBeTruthy();
    act(() => source!.push('board', { batchId: 7, current: null, roomsLeft: 0 }));
    expect(await screen.findByText('选房已结束')).toBeTruthy();
    expect(boardReads()).toBe(before);
  });
});
