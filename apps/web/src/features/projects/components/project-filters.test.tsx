import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { parsePage, projectSearchUrl, readProjectSearch } from '../api/project-urls';
import { useProjectSearchParams } from '../hooks/use-project-search-params';
import { ProjectFilters } from './project-filters';

function Harness() {
  const { params, setFilter, setPage } = useProjectSearchParams();
  return (
    <>
      <ProjectFilters values={params} onChange={setFilter} />
      <button type="button" onClick={() => setPage(params.pageNum + 1)}>
        下一页
      </button>
    </>
  );
}

describe('new-house filters in the URL', { timeout: 20_000 }, () => {
  it('reads the page number defensively', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('abc')).toBe(1);
    expect(parsePage(null)).toBe(1);
  });

  it('shows the keyword of the URL and marks the chosen options', () => {
    renderWithProviders(<Harness />, { url: '/newHouse?keyword=海港&areaCode=HGQ' });
    expect(screen.getByRole('searchbox', { name: '楼盘关键词' })).toHaveProperty('value', '海港');
    const district = screen.getByRole('group', { name: '区域' });
    expect(
      within(district).getByRole('button', { name: '海港区' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('goes back to page 1 on every filter change and keeps the others', () => {
    const { router } = renderWithProviders(<Harness />, {
      url: '/newHouse?keyword=海港&pageNum=3',
    });
    fireEvent.click(
      within(screen.getByRole('group', { name: '单价' })).getByRole('button', {
        name: '8000-10000元/㎡',
      }),
    );
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('priceScope')).toBe('2');
    expect(search.get('keyword')).toBe('海港');
    expect(search.has('pageNum')).toBe(false);
  });

  it('pages forward without losing filters and clears a filter with 不限', () => {
    const { router } = renderWithProviders(<Harness />, { url: '/newHouse?bedroom=3' });
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(router.state.location.search).toBe('?bedroom=3&pageNum=2');
    fireEvent.click(
      within(screen.getByRole('group', { name: '户型' })).getByRole('button', { name: '不限' }),
    );
    expect(router.state.location.search).toBe('');
  });

  it('keeps the 朝向 in the URL beside 户型 and asks the search for it', () => {
    const { router } = renderWithProviders(<Harness />, { url: '/newHouse?bedroom=3&pageNum=2' });
    fireEvent.click(
      within(screen.getByRole('group', { name: '朝向' })).getByRole('button', { name: '南北' }),
    );
    expect(router.state.location.search).toBe('?bedroom=3&orientation=9');
    const params = readProjectSearch(new URLSearchParams(router.state.location.search));
    expect(params).toMatchObject({ pageNum: 1, bedroom: '3', orientation: '9' });
    expect(projectSearchUrl(params)).toContain('orientation=9');
    expect(
      within(screen.getByRole('group', { name: '朝向' }))
        .getByRole('button', { name: '南北' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('keeps the 总价 band in the URL and reads it back', () => {
    const { router } = renderWithProviders(<Harness />, {
      url: '/newHouse?areaCode=HGQ&pageNum=2',
    });
    const total = screen.getByRole('group', { name: '总价' });
    expect(within(total).getByRole('button', { name: '不限' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(within(total).getByRole('button', { name: '100-150万' }));
    expect(router.state.location.search).toBe('?areaCode=HGQ&totalScope=3');
    expect(readProjectSearch(new URLSearchParams(router.state.location.search))).toMatchObject({
      pageNum: 1,
      areaCode: 'HGQ',
      totalScope: '3',
    });
    expect(
      within(screen.getByRole('group', { name: '总价' }))
        .getByRole('button', { name: '100-150万' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.click(
      within(screen.getByRole('group', { name: '总价' })).getByRole('button', { name: '不限' }),
    );
    expect(router.state.location.search).toBe('?areaCode=HGQ');
  });

  it('asks the server for the band of the URL', () => {
    expect(
      projectSearchUrl(readProjectSearch(new URLSearchParams('totalScope=5&pageNum=3'))),
    ).toContain('totalScope=5');
    expect(readProjectSearch(new URLSearchParams('totalScope=')).totalScope).toBeUndefined();
  });

  it('searches the typed keyword', () => {
    const { router } = renderWithProviders(<Harness />, { url: '/newHouse' });
    fireEvent.change(screen.getByRole('searchbox', { name: '楼盘关键词' }), {
      target: { value: ' 阳光 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('阳光');
  });

  it('searches on Enter, and the clear button shows every project again', () => {
    const { router } = renderWithProviders(<Harness />, { url: '/newHouse?keyword=海港' });
    const box = screen.getByRole('searchbox', { name: '楼盘关键词' });
    fireEvent.change(box, { target: { value: '金海' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('金海');
    fireEvent.click(screen.getByRole('button', { name: '清除' }));
    expect(box).toHaveProperty('value', '');
    expect(new URLSearchParams(router.state.location.search).has('keyword')).toBe(false);
  });
});
