import { Spin } from 'antd';
import { useEffect } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { lastPageOf, PaginationBar } from '../../../components/pagination-bar';
import { SaveSearchButton } from '../../../components/save-search-button';
import { SortBar, type SortOption } from '../../../components/sort-bar';
import { CompareButton } from '../../../features/compare/components/compare-button';
import { CompareTray } from '../../../features/compare/components/compare-tray';
import { LotteryLinks } from '../../../features/lottery/components/lottery-links';
import { PROJECT_PAGE_SIZE } from '../../../features/projects/api/project-urls';
import {
  type ProjectSearchParams,
  useProjectSearch,
} from '../../../features/projects/api/search-projects';
import { ProjectFilters } from '../../../features/projects/components/project-filters';
import { ProjectListItem } from '../../../features/projects/components/project-list-item';
import { NewHouseSidePanels } from '../../../features/projects/components/side-panels';
import { useProjectSearchParams } from '../../../features/projects/hooks/use-project-search-params';
import { usePainted } from '../../../lib/use-painted';
import styles from './new-house.module.css';

type ProjectSort = NonNullable<ProjectSearchParams['sortType']>;

/** 默认, then 单价 and 关注度, each toggling between descending and ascending (docs/product/new-build.md). */
const SORTS: ReadonlyArray<SortOption<ProjectSort>> = [
  { label: '默认排序', codes: ['1'] },
  { label: '单价', codes: ['2', '3'] },
  { label: '关注度', codes: ['4', '5'] },
];

/** List items on the first screen at 900 px window height: their covers load first. */
const FIRST_SCREEN_ITEMS = 2;
/** Items rendered with the first paint; the rest of the page of 20 follow one frame later. */
const FIRST_PAINT_ITEMS = 5;

/** /newHouse: the searchable list of new-build projects (docs/product/new-build.md). */
export default function NewHouseRoute() {
  const { params, setFilter, setPage } = useProjectSearchParams();
  const { data, isFetching, isPending } = useProjectSearch(params);
  const total = data?.total ?? 0;
  const last = lastPageOf(total, PROJECT_PAGE_SIZE);
  const isPainted = usePainted(data !== undefined);
  const items = isPainted ? data?.list : data?.list.slice(0, FIRST_PAINT_ITEMS);

  useEffect(() => {
    if (data && total > 0 && params.pageNum > last) setPage(last);
  }, [data, total, last, params.pageNum, setPage]);

  const handlePage = (page: number) => {
    setPage(page);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className={styles.page}>
      <PageTitle>新房</PageTitle>
      <LotteryLinks />
      <ProjectFilters values={params} onChange={setFilter} />
      <div className={styles.columns}>
        <section className={styles.main} aria-label="楼盘列表">
          <header className={styles.bar}>
            <span>
              共找到 <strong>{total}</strong> 个楼盘
            </span>
            <SaveSearchButton scope="newHouse" />
            <SortBar
              variant="inline"
              sorts={SORTS}
              value={params.sortType ?? '1'}
              onChange={(value) => setFilter('sortType', value === '1' ? '' : value)}
            />
          </header>
          <Spin spinning={isFetching}>
            {!isPending && (data?.list.length ?? 0) === 0 ? (
              <EmptyState description="暂未查到您想查的楼盘" />
            ) : (
              <div>
                {items?.map((item, index) => (
                  <ProjectListItem
                    key={item.id}
                    item={item}
                    isFirstScreen={index < FIRST_SCREEN_ITEMS}
                    actions={
                      <CompareButton
                        type="project"
                        id={item.id}
                        name={item.publishName}
                        size="small"
                      />
                    }
                  />
                ))}
              </div>
            )}
          </Spin>
          <PaginationBar
            current={params.pageNum}
            total={total}
            pageSize={PROJECT_PAGE_SIZE}
            onChange={handlePage}
          />
        </section>
        {/* The side column's content follows the list's first paint by one frame. */}
        <NewHouseSidePanels isEmpty={!isPainted} />
      </div>
      <CompareTray type="project" />
    </div>
  );
}
