import type { TableRoom } from '@portal/shared/schemas/building-table';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { renderWithProviders } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import { useLotteryTurns } from '../api/lottery-turns';
import { RoomGrid } from './room-grid';

const PLACE = { building: '3号楼', unit: '2单元' };
const BATCH = { batchId: 5, title: '2026 年第 12 批 摇号选房', drawn: true };

const room = (id: number, patch: Partial<TableRoom>): TableRoom => ({
  id,
  houseMapName: String(id),
  floor: Math.floor(id / 100),
  housePurpose: '住宅',
  roomType: '三室两厅',
  orientation: '9',
  orientationName: '南北',
  houseModelId: null,
  buildArea: 89.5,
  currentPrice: 9800,
  totalPrice: 877_100,
  color: 'green',
  payExpireTime: null,
  lockExpireTime: null,
  delayStatus: null,
  allowSell: true,
  showCountDown: false,
  noSaleReason: null,
  lottery: null,
  ...patch,
});

/** 301 is in the drawn batch 5, 302 in no batch, 303 a batch room already paid for. */
const floorsWith = (lottery: TableRoom['lottery']) => [
  {
    floor: 3,
    houseList: [
      room(301, { allowSell: false, lottery }),
      room(302, {}),
      room(303, {
        color: 'blue',
        allowSell: false,
        lockExpireTime: '2026-05-19T06:30:00.000Z',
        delayStatus: 1,
        lottery,
      }),
    ],
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.logout();
});

describe('摇号房源 on the building table', () => {
  it('marks a batch room in words in its cell, offers it no deposit, and reads the mark aloud', () => {
    renderWithProviders(<RoomGrid place={PLACE} floors={floorsWith(BATCH)} onDeposit={vi.fn()} />);
    const batchRoom = screen.getByRole('cell', { name: '301 可售 摇号房源' });
    expect(batchRoom.textContent).toContain('○ 可售摇号房源');
    expect(batchRoom.textContent).toContain('总价 87.71万');
    expect(within(batchRoom).queryByRole('button', { name: '订约金缴纳' })).toBeNull();
    expect(within(batchRoom).getByRole('link', { name: '算房贷' })).toBeTruthy();
    expect(batchRoom.dataset.readAloud).toBe(
      '3号楼 2单元 301，可售，89.5平方米，总价 87.71 万，摇号房源',
    );
    // A paid batch room keeps the mark; a room in no batch keeps its deposit button.
    expect(screen.getByRole('cell', { name: '303 订约金已支付 摇号房源' }).textContent).toContain(
      '摇号房源',
    );
    const other = screen.getByRole('cell', { name: '302 可售' });
    expect(other.textContent).not.toContain('摇号房源');
    expect(within(other).getByRole('button', { name: '订约金缴纳' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '订约金缴纳' })).toHaveLength(1);
  });

  it("says in the room's sheet how a batch room is chosen and links to the batch page", async () => {
    const { router } = renderWithProviders(
      <RoomGrid place={PLACE} floors={floorsWith(BATCH)} onDeposit={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole('cell', { name: '301 可售 摇号房源' }));
    const sheet = await screen.findByRole('dialog', { name: '301 房间详情' });
    const note = within(sheet).getByRole('note', { name: '摇号房源' });
    expect(note.textContent).toContain('本房源参加摇号选房，请按摇号顺序选房');
    expect(within(sheet).queryByRole('button', { name: '订约金缴纳' })).toBeNull();
    const link = within(note).getByRole('link', { name: '查看「2026 年第 12 批 摇号选房」' });
    expect(link.getAttribute('href')).toBe('/lottery?id=5');
    fireEvent.click(link);
    expect(router.state.location.pathname).toBe('/lottery');
    expect(router.state.location.search).toBe('?id=5');
  });

  it('asks to register first while the batch is not drawn', async () => {
    renderWithProviders(
      <RoomGrid
        place={PLACE}
        floors={floorsWith({ ...BATCH, drawn: false })}
        onDeposit={vi.fn()}
        turnBatchIds={new Set([5])}
      />,
    );
    expect(screen.getAllByRole('button', { name: '订约金缴纳' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('cell', { name: '301 可售 摇号房源' }));
    const sheet = await screen.findByRole('dialog', { name: '301 房间详情' });
    expect(sheet.textContent).toContain('请先意向登记，摇号后按摇号顺序选房');
    expect(within(sheet).queryByRole('button', { name: '订约金缴纳' })).toBeNull();
  });

  it("offers the deposit on the batch's free rooms to the buyer whose 选房 turn runs now", async () => {
    const onDeposit = vi.fn();
    renderWithProviders(
      <RoomGrid
        place={PLACE}
        floors={floorsWith(BATCH)}
        onDeposit={onDeposit}
        turnBatchIds={new Set([5])}
      />,
    );
    const batchRoom = screen.getByRole('cell', { name: '301 可售 摇号房源' });
    fireEvent.click(within(batchRoom).getByRole('button', { name: '订约金缴纳' }));
    expect(onDeposit).toHaveBeenCalledWith(301);
    // The paid batch room offers nothing, turn or not.
    const paid = screen.getByRole('cell', { name: '303 订约金已支付 摇号房源' });
    expect(within(paid).queryByRole('button', { name: '订约金缴纳' })).toBeNull();

    fireEvent.click(within(batchRoom).getByRole('button', { name: '301 房间详情' }));
    const sheet = await screen.findByRole('dialog', { name: '301 房间详情' });
    expect(sheet.textContent).toContain('现在轮到您选房');
    fireEvent.click(within(sheet).getByRole('button', { name: '订约金缴纳' }));
    expect(onDeposit).toHaveBeenLastCalledWith(301);
  });
});

describe('the viewer’s 选房 turns', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      {children}
    </QueryClientProvider>
  );
  const mine = [
    { batchId: 5, place: { slotStatus: 'active' } },
    { batchId: 6, place: { slotStatus: 'waiting' } },
    { batchId: 7, place: null },
  ];

  function stubMine() {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        calls.push(String(input instanceof Request ? input.url : input));
        return Response.json({ code: '000000', message: 'ok', data: mine });
      }),
    );
    return calls;
  }

  it('are read from 我的摇号 for a signed-in viewer of drawn batch rooms: the running ones', async () => {
    const calls = stubMine();
    signInForTest('csrf-test', { userId: 7 });
    const { result } = renderHook(() => useLotteryTurns([5, 6]), { wrapper });
    await waitFor(() => expect([...result.current]).toEqual([5]));
    expect(calls.filter((url) => url.includes('/api/lottery/mine'))).toHaveLength(1);
  });

  it('are not read when no drawn batch room is shown, nor for a signed-out viewer', async () => {
    const calls = stubMine();
    const signedOut = renderHook(() => useLotteryTurns([5]), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signedOut.result.current.size).toBe(0);
    signedOut.unmount();
    signInForTest('csrf-test', { userId: 7 });
    const noBatch = renderHook(() => useLotteryTurns([]), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(noBatch.result.current.size).toBe(0);
    expect(calls).toEqual([]);
  });
});
