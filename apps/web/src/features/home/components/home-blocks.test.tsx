import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CharacteristicProjects } from './characteristic-projects';
import { NewHouseGrid } from './new-house-grid';
import { NewsColumn } from './news-columns';

const card = (id: number, publishName: string, groupBuy = false) => ({
  id,
  publishName,
  projectName: publishName,
  coverUrl: null,
  districtCode: 'HGQ',
  projectAddress: '海港区文化路1号',
  platformPrice: 9000,
  currentPrice: 9500,
  propertiesStr: '住宅',
  statusText: '在售',
  groupBuy,
  tagList: [],
});

function stubApi(answer: (url: URL) => unknown) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    return Response.json({ code: '000000', message: '操作成功', data: answer(url) });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('home blocks', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('show 暂无数据 when a section has nothing', async () => {
    stubApi((url) =>
      url.pathname === '/api/news' ? { list: [], total: 0, pageNum: 1, pageSize: 8 } : [],
    );
    renderWithProviders(
      <>
        <NewsColumn newsType={2} />
        <CharacteristicProjects />
        <NewHouseGrid />
      </>,
    );
    for (const name of ['房产资讯', '特色楼盘', '新房推荐'])
      expect(
        await within(screen.getByRole('region', { name })).findByText('暂无数据'),
      ).toBeTruthy();
  });

  it('reloads the new-house grid for the chosen district and shows the group-buy badge', async () => {
    const fetchMock = stubApi((url) =>
      url.searchParams.get('areaCode') === 'BDH'
        ? [card(2, '北戴河海景')]
        : [card(1, '海港花园', true)],
    );
    renderWithProviders(<NewHouseGrid />);
    expect(await screen.findByText('海港花园')).toBeTruthy();
    expect(screen.getByText('团购')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '北戴河区' }));
    expect(await screen.findByText('北戴河海景')).toBeTruthy();
    expect(screen.getByRole('link', { name: /北戴河海景/ }).getAttribute('href')).toBe(
      '/houseHome?id=2',
    );
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('areaCode=BDH'))).toBe(
      true,
    );
  });
});
