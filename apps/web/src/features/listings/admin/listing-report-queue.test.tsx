import type { AdminReportGroup } from '@portal/shared/schemas/listings/admin';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ListingReportQueue } from './listing-report-queue';

function group(id: number, ring: AdminReportGroup['ring']): AdminReportGroup {
  return {
    listing: {
      id,
      type: 1,
      title: `被举报的房源${id} 文化路三室两厅`,
      coverUrl: null,
      directionStr: '南北',
      decoratesStr: '精装',
      age: 2012,
      bedroom: 3,
      room: 2,
      toilet: 1,
      buildArea: 96.5,
      floorNum: 5,
      totalFloor: 18,
      scVO: {
        areaCode: 'HGQ',
        areaName: '海港区',
        communityName: '文化路小区',
        address: '文化路88号',
      },
      publishTime: '2026-05-01T02:00:00.000Z',
      price: 1_280_000,
      priceSquareMetre: 13264,
      rentPayStr: null,
      rentTypeStr: null,
      publishStatus: 3,
      reviewNote: null,
      tagList: [],
    },
    openCount: 3,
    reasons: [{ reason: 'fake', count: 3 }],
    firstAt: '2026-05-02T02:00:00.000Z',
    latestAt: '2026-05-02T03:00:00.000Z',
    countingCount: ring ? 0 : 3,
    isHidden: !ring,
    ring,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the operator’s report queue', () => {
  it('shows report rings and how many reports count toward hiding', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          code: '000000',
          message: 'ok',
          data: {
            list: [group(1, { reporters: 3, listings: 4 }), group(2, null)],
            total: 2,
            pageNum: 1,
            pageSize: 20,
          },
        }),
      ),
    );
    renderWithProviders(<ListingReportQueue />, { url: '/admin/listing-reports' });
    expect(
      await screen.findByText('疑似团伙：这些举报人中有 3 人曾共同举报 4 个其他房源', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
    expect(screen.getAllByText(/^疑似团伙/)).toHaveLength(1);
    expect(screen.getByText('计入自动暂停 0 条')).toBeTruthy();
    expect(screen.getByText('计入自动暂停 3 条')).toBeTruthy();
    expect(screen.getAllByText('已暂停搜索展示')).toHaveLength(1);
  }, 30_000);
});
