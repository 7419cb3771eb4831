import { ROOM_SHEET_LOAN } from '@portal/shared/constants/loan-rates';
import type { TableRoom } from '@portal/shared/schemas/building-table';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RoomGrid } from '../../../features/building-table/components/room-grid';
import { ToolPage } from '../../../features/tools/components/tool-page';

const PLACE = { building: '3号楼', unit: '2单元' };

const ROOM: TableRoom = {
  id: 201,
  houseMapName: '201',
  floor: 2,
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
};

/** The building table and /tool in one memory router, as in the app. */
function renderTableAndTool() {
  const router = createMemoryRouter(
    [
      {
        path: '/houses',
        element: (
          <RoomGrid place={PLACE} floors={[{ floor: 2, houseList: [ROOM] }]} onDeposit={vi.fn()} />
        ),
      },
      { path: '/tool', element: <ToolPage /> },
    ],
    { initialEntries: ['/houses?id=1'] },
  );
  render(
    <App>
      <RouterProvider router={router} />
    </App>,
  );
  return router;
}

describe("a room's sheet and its monthly payment", () => {
  it('shows 月供约 for the default loan and opens /tool filled with the same loan', async () => {
    const router = renderTableAndTool();
    fireEvent.click(screen.getByRole('cell', { name: '201 可售' }));
    const sheet = await screen.findByRole('dialog', { name: '201 房间详情' });
    // 877,100 元, 30 % down → 613,970 元 over 30 years at 3.5 %, 等额本息: 2,756.9997 元 a month
    // (P·r·(1+r)ⁿ / ((1+r)ⁿ − 1), Python Decimal).
    expect(ROOM_SHEET_LOAN).toEqual({ downPaymentPct: 30, years: 30, ratePct: 3.5 });
    expect(sheet.textContent).toContain('月供约 2,757 元/月');
    expect(sheet.textContent).toContain('首付30%，商业贷款30年，LPR 3.5%，等额本息');

    fireEvent.click(within(sheet).getByRole('link', { name: '算房贷' }));
    expect(router.state.location.pathname).toBe('/tool');
    expect(((await screen.findByLabelText('单价')) as HTMLInputElement).value).toBe('9800');
    expect((screen.getByLabelText('面积') as HTMLInputElement).value).toBe('89.5');
    expect((screen.getByLabelText('LPR') as HTMLInputElement).value).toBe('3.5');
    expect(screen.getByRole('status', { name: '贷款总额' }).textContent).toBe('613,970.00 元');
    expect(
      screen.getByRole('combobox', { name: '商贷年限' }).closest('.ant-select')?.textContent,
    ).toContain('30年');
    fireEvent.click(screen.getByRole('button', { name: '开始计算' }));
    const result = await screen.findByRole('region', { name: '计算结果' });
    expect(result.textContent).toContain('2,757.00');
  }, 40_000);
});
