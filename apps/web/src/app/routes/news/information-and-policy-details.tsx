import { RECORD_SECTION_TITLES } from '@portal/shared/constants/page-titles';
import { Spin } from 'antd';
import { useLocation, useSearchParams } from 'react-router';
import { BreadcrumbTrail } from '../../../components/breadcrumb-trail';
import { EmptyState } from '../../../components/empty-state';
import { SectionPanel } from '../../../components/section-panel';
import { SiteQrCode } from '../../../components/site-qr-code';
import { paths } from '../../../config/paths';
import { useNewsDetail } from '../../../features/news/api/news-api';
import { FeaturedProjects } from '../../../features/news/components/featured-projects';
import { NewsArticle } from '../../../features/news/components/news-article';
import { useAuth } from '../../../lib/auth-store';
import { usePageTitle } from '../../../lib/page-title';
import styles from './news-pages.module.css';

/**
 * /informationAndPolicyDetails?id=…: the way back to the news list, the article, a mini-program
 * QR and recommended projects.
 */
export default function InformationAndPolicyDetails() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const id = Number(searchParams.get('id'));
  const isLoggedIn = useAuth((state) => state.isLoggedIn);
  const { data: article, isPending, isError } = useNewsDetail(id, isLoggedIn);
  const isValidId = Number.isInteger(id) && id > 0;
  usePageTitle(article ? [article.title, RECORD_SECTION_TITLES.article] : null);

  return (
    <div className={styles.detail}>
      <div className={styles.main}>
        <BreadcrumbTrail
          crumbs={[
            { label: '首页', href: paths.home.path },
            { label: '政策资讯', href: paths.informationAndPolicyPage.path },
            { label: '正文' },
          ]}
        />
        {!isValidId || isError ? (
          <div className={styles.missing}>
            <EmptyState description="文章不存在或已下线" />
          </div>
        ) : isPending || !article ? (
          <Spin className={styles.spin} />
        ) : (
          <NewsArticle article={article} />
        )}
      </div>
      <aside className={styles.aside}>
        <SectionPanel title="掌上服务" className={styles.qrPanel}>
          <div className={styles.promo}>
            <SiteQrCode
              path={`${location.pathname}${location.search}`}
              size={120}
              purpose="，随时查房源、看政策"
            />
          </div>
        </SectionPanel>
        <FeaturedProjects />
      </aside>
    </div>
  );
}
