import type { TableRoom } from '@portal/shared/schemas/building-table';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { RoomGrid } from './room-grid';

const PLACE = { building: '3号楼', unit: '2单元' };

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

const FLOORS = [
  {
    floor: 2,
    houseList: [
      room(201, {}),
      room(202, { color: 'yellow', payExpireTime: '2026-05-12T06:30:00.000Z', allowSell: false }),
    ],
  },
  {
    floor: 1,
    houseList: [
      room(101, {
        color: 'blue',
        lockExpireTime: '2026-05-19T06:30:00.000Z',
        delayStatus: 3,
        allowSell: false,
      }),
      room(102, { color: 'blue', lockExpireTime: '2026-05-19T06:30:00.000Z', delayStatus: 2 }),
      room(103, { color: 'gray', allowSell: false }),
    ],
  },
];

describe('RoomGrid', () => {
  it('tells each state in a word and a shape, not by colour alone, and reads a room aloud', () => {
    renderWithProviders(<RoomGrid place={PLACE} floors={FLOORS} onDeposit={vi.fn()} />);
    const expected = { 201: '○ 可售', 202: '◐ 缴纳中', 101: '● 已锁定', 103: '✕ 不可售' };
    for (const [id, mark] of Object.entries(expected)) {
      const cell = document.querySelector<HTMLElement>(`[data-room="${id}"]`)!;
      expect(cell.textContent, id).toContain(mark);
    }
    expect(document.querySelector<HTMLElement>('[data-room="201"]')?.dataset.readAloud).toBe(
      '3号楼 2单元 201，可售，89.5平方米，总价 87.71 万',
    );
  });

  it('shows what each colour shows', () => {
    renderWithProviders(<RoomGrid place={PLACE} floors={FLOORS} onDeposit={vi.fn()} />);
    const green = screen.getByRole('cell', { name: '201 可售' });
    expect(green.textContent).toContain('89.50㎡');
    expect(green.textContent).toContain('9,800元/㎡');
    expect(green.textContent).toContain('三室两厅');
    expect(green.textContent).toContain('总价 87.71万');
    expect(within(green).getByRole('button', { name: '订约金缴纳' })).toBeTruthy();
    expect(within(green).getByRole('link', { name: '算房贷' }).getAttribute('href')).toBe(
      '/tool?tab=1&unitPrice=9800&area=89.5&downPaymentPct=30&mortgageYears=30&LPR=3.5',
    );
    expect(screen.getByRole('cell', { name: '202 订约金缴纳中' }).textContent).toContain(
      '缴费截止',
    );
    expect(screen.getByRole('cell', { name: '101 订约金已支付' }).textContent).toContain('已延期');
    expect(screen.getByRole('cell', { name: '102 订约金已支付' }).textContent).toContain('未延期');
    expect(screen.getByRole('cell', { name: '102 订约金已支付' }).textContent).toContain('锁定至');
    expect(screen.getByRole('cell', { name: '103 不可售' }).textContent).toBe('103✕ 不可售');
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['2层', '1层']);
  });

  it('offers no deposit in a building without a pre-sale licence and says why', () => {
    const unlicensed = [
      {
        floor: 3,
        houseList: [
          room(301, { color: 'gray', allowSell: false, noSaleReason: '未取得预售许可证' }),
          room(302, { color: 'blue', lockExpireTime: '2026-05-19T06:30:00.000Z', delayStatus: 1 }),
        ],
      },
    ];
    renderWithProviders(<RoomGrid place={PLACE} floors={unlicensed} onDeposit={vi.fn()} />);
    expect(screen.queryByRole('button', { name: '订约金缴纳' })).toBeNull();
    expect(screen.queryByRole('link', { name: '算房贷' })).toBeNull();
    expect(screen.getByRole('cell', { name: '301 不可售' }).textContent).toBe(
      '301✕ 不可售未取得预售许可证',
    );
    expect(screen.getByRole('cell', { name: '302 订约金已支付' }).textContent).toContain('未延期');
  });

  it('shows no deposit button on a room the server does not offer for sale', () => {
    const held = [{ floor: 4, houseList: [room(401, { allowSell: false })] }];
    renderWithProviders(<RoomGrid place={PLACE} floors={held} onDeposit={vi.fn()} />);
    const cell = screen.getByRole('cell', { name: '401 可售' });
    expect(cell.textContent).toContain('89.50㎡');
    expect(within(cell).queryByRole('button', { name: '订约金缴纳' })).toBeNull();
  });

  it('starts the deposit flow for the clicked room', () => {
    const onDeposit = vi.fn();
    renderWithProviders(<RoomGrid place={PLACE} floors={FLOORS} onDeposit={onDeposit} />);
    fireEvent.click(screen.getByRole('button', { name: '订约金缴纳' }));
    expect(onDeposit).toHaveBeenCalledWith(201);
  });

  it('opens the calculator inside the app', async () => {
    const { router } = renderWithProviders(
      <RoomGrid place={PLACE} floors={FLOORS} onDeposit={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole('link', { name: '算房贷' }));
    expect(router.state.location.pathname).toBe('/tool');
    expect(router.state.location.search).toBe(
      '?tab=1&unitPrice=9800&area=89.5&downPaymentPct=30&mortgageYears=30&LPR=3.5',
    );
  });

  it('counts a yellow room down to its payment deadline each second', () => {
    vi.useFakeTimers({
      now: new Date('2026-05-12T06:20:00.000Z'),
      toFake: ['Date', 'setInterval', 'clearInterval'],
    });
    try {
      renderWithProviders(<RoomGrid place={PLACE} floors={FLOORS} onDeposit={vi.fn()} />);
      const yellow = screen.getByRole('cell', { name: '202 订约金缴纳中' });
      expect(within(yellow).getByRole('timer').textContent).toBe('剩余 10:00');
      act(() => vi.advanceTimersByTime(61_000));
      expect(within(yellow).getByRole('timer').textContent).toBe('剩余 08:59');
    } finally {
      vi.useRealTimers();
    }
  });

  it("opens a room's details by tapping its cell, with the deposit button of a room on sale", async () => {
    const onDeposit = vi.fn();
    renderWithProviders(<RoomGrid place={PLACE} floors={FLOORS} onDeposit={onDeposit} />);
    fireEvent.click(screen.getByRole('cell', { name: '201 可售' }));
    const sheet = await screen.findByRole('dialog', { name: '201 房间详情' });
    for (const text of ['可售', '2层', '89.50㎡', '9,800元/㎡', '87.71万元', '三室两厅', '住宅']) {
      expect(sheet.textContent).toContain(text);
    }
    expect(within(sheet).getByRole('link', { name: '算房贷' }).getAttribute('href')).toBe(
      '/tool?tab=1&unitPrice=9800&area=89.5&downPaymentPct=30&mortgageYears=30&LPR=3.5',
    );
    fireEvent.click(within(sheet).getByRole('button', { name: '订约金缴纳' }));
    expect(onDeposit).toHaveBeenCalledWith(201);
  });

  it("opens a held room's details from its number, without a deposit button", async () => {
    renderWithProviders(<RoomGrid place={PLACE} floors={FLOORS} onDeposit={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: '101 房间详情' }));
    const sheet = await screen.findByRole('dialog', { name: '101 房间详情' });
    expect(sheet.textContent).toContain('订约金已支付');
    expect(sheet.textContent).toContain('锁定至');
    expect(sheet.textContent).toContain('已延期');
    expect(within(sheet).queryByRole('button', { name: '订约金缴纳' })).toBeNull();
  });
});

describe('the room sheet', () => {
  it('shows the room’s 朝向 and its 户型 plan with the rooms’ areas and facing', async () => {
    const model = {
      id: 7,
      bedroom: 3,
      houseType: 'B户型 三室两厅两卫',
      area: 118,
      value: null,
      picturePath: 'seed/plans/b.svg',
      description: null,
      layoutRooms: [
        { name: '客厅', areaM2: 27.6, facing: '2' },
        { name: '次卧', areaM2: 11, facing: '4' },
      ],
    };
    const floors = [
      {
        floor: 2,
        houseList: [room(201, { houseModelId: 7, orientation: '9', orientationName: '南北' })],
      },
    ];
    renderWithProviders(
      <RoomGrid place={PLACE} floors={floors} onDeposit={vi.fn()} houseModels={[model]} />,
    );
    fireEvent.click(screen.getByRole('cell', { name: '201 可售' }));
    const sheet = await screen.findByRole('dialog');
    expect(sheet.textContent).toContain('朝向');
    expect(sheet.textContent).toContain('南北');
    expect(sheet.textContent).toContain('B户型 三室两厅两卫');
    expect(within(sheet).getByRole('img', { name: 'B户型 三室两厅两卫户型图' })).toBeTruthy();
    expect(within(sheet).getByRole('row', { name: '客厅 27.6㎡ 朝南' })).toBeTruthy();
    expect(within(sheet).getByRole('row', { name: '次卧 11.0㎡ 朝北' })).toBeTruthy();
  });
});
