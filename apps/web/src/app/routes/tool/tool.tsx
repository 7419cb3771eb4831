import { pageTitleOf } from '@portal/shared/constants/page-titles';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { BreadcrumbTrail } from '../../../components/breadcrumb-trail';
import { paths } from '../../../config/paths';
import { HomeSearch } from '../../../features/home/components/home-search';
import { ToolPage } from '../../../features/tools/components/tool-page';
import { toolTabOf } from '../../../features/tools/components/tool-tabs';
import { watchSiteName } from '../../../lib/page-title';
import styles from './tool.module.css';

/** /tool: search bar, breadcrumb and the six home-buying calculators, tab from `?tab=1..6` (docs/product/calculators.md). */
export default function ToolRoute() {
  // From the address, so the server draws the heading too and nothing moves when the page is
  // taken over (a tap aimed at a calculator would land on what moved into its place).
  const [searchParams] = useSearchParams();
  const toolName = toolTabOf(searchParams.get('tab')).name;

  // After the layout's own title (its effect and its listener run after the tool's), so the
  // tool's name wins.
  useEffect(() => {
    let timer = 0;
    const stopWatching = watchSiteName((siteName) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        document.title = pageTitleOf([toolName, '购房计算器'], siteName);
      }, 0);
    });
    return () => {
      stopWatching();
      window.clearTimeout(timer);
    };
  }, [toolName]);

  return (
    <>
      <section className={styles.searchStrip} aria-label="房源搜索">
        <HomeSearch />
      </section>
      <div className={styles.page}>
        <BreadcrumbTrail
          isIsland={false}
          crumbs={[
            { label: '首页', href: paths.home.path },
            { label: '购房工具' },
            { label: toolName },
          ]}
        />
        <h1 className={styles.title}>{toolName}</h1>
        <ToolPage />
      </div>
    </>
  );
}
