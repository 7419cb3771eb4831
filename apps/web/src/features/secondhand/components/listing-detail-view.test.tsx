import type { ListingDetail } from '@portal/shared/schemas/listings';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ListingDetailView } from './listing-detail-view';

const rental: ListingDetail = {
  id: 9,
  type: 2,
  title: '海韵花园 两室一厅 拎包入住',
  coverUrl: 'listing/1/a.png',
  directionStr: '南北',
  decoratesStr: '精装',
  age: 2018,
  bedroom: 2,
  room: 1,
  toilet: 1,
  buildArea: 78,
  floorNum: 6,
  totalFloor: 18,
  scVO: { areaCode: 'HGQ', areaName: '海港区', communityName: '海韵花园', address: '文化路8号' },
  publishTime: '2026-01-05T02:00:00.000Z',
  price: 2300,
  priceSquareMetre: null,
  rentPayStr: '押一付三',
  rentTypeStr: '整租',
  publishStatus: 3,
  reviewNote: null,
  tagList: [{ id: 1, tagName: '拎包入住' }],
  elevatorStr: '有电梯',
  buildTypeStr: null,
  houseTypeStr: null,
  rightLimitStr: null,
  checkIn: null,
  description: '家电齐全',
  viewCount: 12,
  checkCode: {
    code: 'QHD7K4M2Q9X8D',
    verifiedAt: '2026-01-04T02:00:00.000Z',
    issuedAt: '2026-01-05T02:00:00.000Z',
  },
  confirmedAt: '2026-01-20T02:00:00.000Z',
  hasOpenReport: false,
  secondHouse: [
    { path: 'listing/1/a.png', name: '客厅', cover: true },
    { path: 'listing/1/b.png', name: '卧室', cover: false },
  ],
  publisher: { id: 3, name: '王先生', avatar: null },
  collected: false,
  isOwner: false,
};

describe('listing detail page', () => {
  it('opens each picture of the grid full size in a new window', () => {
    renderWithProviders(
      <ListingDetailView detail={rental} onEnter={vi.fn()} onToggleFavourite={vi.fn()} />,
    );
    const grid = screen.getByRole('region', { name: '房源图片' });
    const links = within(grid).getAllByRole('link', { name: /查看大图/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/oss/app/listing/1/a.png',
      '/oss/app/listing/1/b.png',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it("shows a rental's build year, its rent per month and 随时入住 for an empty check-in", () => {
    renderWithProviders(
      <ListingDetailView detail={rental} onEnter={vi.fn()} onToggleFavourite={vi.fn()} />,
    );
    const facts = screen.getByRole('region', { name: '房源概况' });
    expect(within(facts).getByText('2018年')).toBeTruthy();
    expect(within(facts).getByText('随时入住')).toBeTruthy();
    expect(within(facts).getByText('押一付三')).toBeTruthy();
  });
});
