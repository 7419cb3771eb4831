import type { TableBuilding } from '@portal/shared/schemas/building-table';
import { describe, expect, it } from 'vitest';
import {
  buildingLabel,
  calculatorHref,
  floorAnchorId,
  resolveSelection,
  roomMonthlyPaymentFen,
} from './table-params';

const building = (id: number, units: string[], buildAreaName = ''): TableBuilding => ({
  id,
  tabletNum: `${id}号楼`,
  buildAreaName,
  floors: 18,
  units,
  presale: null,
});
const buildings = [building(11, ['1单元', '2单元']), building(12, ['1单元', '2单元', '3单元'])];
const params = (text: string) => new URLSearchParams(text);

describe('resolveSelection', () => {
  it('picks the first building and its first unit by default, 全部 for the area', () => {
    const selection = resolveSelection(params(''), buildings);
    expect(selection).toEqual({
      building: buildings[0],
      unit: '1单元',
      area: '',
      orientation: '',
      bedroom: '',
    });
  });

  it('keeps a building, unit and band named in the URL', () => {
    const selection = resolveSelection(params('building=12&unit=3单元&area=4'), buildings);
    expect(selection).toEqual({
      building: buildings[1],
      unit: '3单元',
      area: '4',
      orientation: '',
      bedroom: '',
    });
  });

  it('keeps a 朝向 and 户型 named in the URL, and falls back to 全部 for unknown ones', () => {
    const kept = resolveSelection(params('orientation=9&bedroom=3'), buildings);
    expect([kept.orientation, kept.bedroom]).toEqual(['9', '3']);
    const unknown = resolveSelection(params('orientation=11&bedroom=三室'), buildings);
    expect([unknown.orientation, unknown.bedroom]).toEqual(['', '']);
  });

  it('falls back for an unknown building, a unit of another building and a bad band', () => {
    expect(resolveSelection(params('building=99&area=7'), buildings)).toEqual({
      building: buildings[0],
      unit: '1单元',
      area: '',
      orientation: '',
      bedroom: '',
    });
    expect(resolveSelection(params('building=11&unit=3单元'), buildings).unit).toBe('1单元');
  });

  it('answers no building and no unit for a project without buildings', () => {
    expect(resolveSelection(params('building=1'), [])).toEqual({
      building: undefined,
      unit: '',
      area: '',
      orientation: '',
      bedroom: '',
    });
  });
});

describe('building-table helpers', () => {
  it('names a building with its phase when it has one', () => {
    expect(buildingLabel(building(3, [], '一期'))).toBe('一期 3号楼');
    expect(buildingLabel(building(3, []))).toBe('3号楼');
  });

  it('links a room to the mortgage calculator with its unit price, area and the default loan', () => {
    expect(calculatorHref({ currentPrice: 9800, buildArea: 89.5 })).toBe(
      '/tool?tab=1&unitPrice=9800&area=89.5&downPaymentPct=30&mortgageYears=30&LPR=3.5',
    );
  });

  it("works out a room's monthly payment as the loan tab does, to the fen", () => {
    // 613,970 元 over 360 months at 3.5 %: 2,756.9997 元 (Python Decimal) → 275,700 分.
    expect(roomMonthlyPaymentFen({ currentPrice: 9800, buildArea: 89.5 })).toBe(275_700);
    expect(roomMonthlyPaymentFen({ currentPrice: 0, buildArea: 89.5 })).toBeNull();
  });

  it('gives each floor row its own anchor', () => {
    expect(floorAnchorId(12)).toBe('bt-floor-12');
  });
});
