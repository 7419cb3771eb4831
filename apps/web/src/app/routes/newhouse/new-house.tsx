import { PROJECT_SORTS } from '@portal/shared/constants/project-filters';
import { Select, Spin } from 'antd';
import { useEffect } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { lastPageOf, PaginationBar } from '../../../components/pagination-bar';
import { PROJECT_PAGE_SIZE } from '../../../features/newhouse/api/project-urls';
import { useProjectSearch } from '../../../features/newhouse/api/search-projects';
import { ProjectFilters } from '../../../features/newhouse/components/project-filters';
import { ProjectListItem } from '../../../features/newhouse/components/project-list-item';
import { NewHouseSidePanels } from '../../../features/newhouse/components/side-panels';
import { useProjectSearchParams } from '../../../features/newhouse/hooks/use-project-search-params';
import styles from './new-house.module.css';

/** List items on the first screen at 900 px window height: their covers load first. */
const FIRST_SCREEN_ITEMS = 2;

/** /newHouse: the searchable list of new-build projects (spec 3 §2.1). */
export default function NewHouseRoute() {
  const { params, setFilter, setPage } = useProjectSearchParams();
  const { data, isFetching, isPending } = useProjectSearch(params);
  const total = data?.total ?? 0;
  const last = lastPageOf(total, PROJECT_PAGE_SIZE);

  useEffect(() => {
    if (data && total > 0 && params.pageNum > last) setPage(last);
  }, [data, total, last, params.pageNum, setPage]);

  const handlePage = (page: number) => {
    setPage(page);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className={styles.page}>
      <ProjectFilters values={params} onChange={setFilter} />
      <div className={styles.columns}>
        <section className={styles.main} aria-label="楼盘列表">
          <header className={styles.bar}>
            <span>
              共找到 <strong>{total}</strong> 个楼盘
            </span>
            <Select
              aria-label="排序"
              className={styles.sort}
              value={params.sortType ?? '1'}
              options={PROJECT_SORTS.map((s) => ({ value: s.code, label: s.label }))}
              onChange={(value: string) => setFilter('sortType', value === '1' ? '' : value)}
            />
          </header>
          <Spin spinning={isFetching}>
            {!isPending && (data?.list.length ?? 0) === 0 ? (
              <EmptyState description="暂未查到您想查的楼盘" />
            ) : (
              <div>
                {data?.list.map((item, index) => (
                  <ProjectListItem
                    key={item.id}
                    item={item}
                    isFirstScreen={index < FIRST_SCREEN_ITEMS}
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
        <NewHouseSidePanels />
      </div>
    </div>
  );
}
