import type { ListingDetail } from '@portal/shared/schemas/listings';
import { fireEvent, screen, within } from '@testing-library/react';
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
  it('opens each picture of the grid in the full-screen viewer, in the same window', async () => {
    renderWithProviders(
      <ListingDetailView
        detail={rental}
        onEnter={vi.fn()}
        onToggleFavourite={vi.fn()}
        onReport={vi.fn()}
      />,
    );
    const grid = screen.getByRole('region', { name: '房源图片' });
    const links = within(grid).getAllByRole('link', { name: /查看大图/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/oss/app/listing/1/a.png',
      '/oss/app/listing/1/b.png',
    ]);
    // No new window: a tap opens the full-screen viewer at that picture.
    for (const link of links) expect(link.getAttribute('target')).toBeNull();
    fireEvent.click(links[1]!);
    const viewer = await screen.findByRole('dialog', { name: '图片查看' });
    expect(viewer.querySelector('img')?.getAttribute('src')).toBe('/oss/app/listing/1/b.png');
  });

  it("shows a rental's build year, its rent per month and 随时入住 for an empty check-in", () => {
    renderWithProviders(
      <ListingDetailView
        detail={rental}
        onEnter={vi.fn()}
        onToggleFavourite={vi.fn()}
        onReport={vi.fn()}
      />,
    );
    const facts = screen.getByRole('region', { name: '房源概况' });
    expect(within(facts).getByText('2018年')).toBeTruthy();
    expect(within(facts).getByText('随时入住')).toBeTruthy();
    expect(within(facts).getByText('押一付三')).toBeTruthy();
  });

  it('shows the check code with 核验时间, 最近确认在售 and a QR that opens /verify', () => {
    renderWithProviders(
      <ListingDetailView
        detail={rental}
        onEnter={vi.fn()}
        onToggleFavourite={vi.fn()}
        onReport={vi.fn()}
      />,
    );
    const panel = screen.getByRole('region', { name: '房源核验' });
    expect(within(panel).getByRole('link', { name: 'QHD7K4M2Q9X8D' }).getAttribute('href')).toBe(
      '/verify?code=QHD7K4M2Q9X8D',
    );
    expect(within(panel).getByText('2026-01-04')).toBeTruthy();
    expect(within(panel).getByText('2026-01-20')).toBeTruthy();
    const qr = within(panel).getByRole('img', { name: '房源核验码二维码' });
    expect(qr.getAttribute('src')).toBe('/api/listings/check-codes/QHD7K4M2Q9X8D/qr.png');
  });

  it('reports once: 举报 opens the dialog, and a reported listing says 已举报', () => {
    const onReport = vi.fn();
    const first = renderWithProviders(
      <ListingDetailView
        detail={rental}
        onEnter={vi.fn()}
        onToggleFavourite={vi.fn()}
        onReport={onReport}
      />,
    );
    screen.getByRole('button', { name: /举\s?报/ }).click();
    expect(onReport).toHaveBeenCalled();
    first.unmount();
    renderWithProviders(
      <ListingDetailView
        detail={{ ...rental, hasOpenReport: true }}
        onEnter={vi.fn()}
        onToggleFavourite={vi.fn()}
        onReport={onReport}
      />,
    );
    expect(screen.getByRole('button', { name: /已举报/ }).hasAttribute('disabled')).toBe(true);
  });

  it('tells the owner a taken-down listing is 已下架 with the reason', () => {
    renderWithProviders(
      <ListingDetailView
        detail={{
          ...rental,
          isOwner: true,
          publishStatus: 6,
          reviewNote: '房源已售出',
          checkCode: null,
        }}
        onEnter={vi.fn()}
        onToggleFavourite={vi.fn()}
        onReport={vi.fn()}
      />,
    );
    expect(screen.getByText('该房源当前状态为「已下架」：房源已售出，仅您可见')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /举\s?报/ })).toBeNull();
  });
});
