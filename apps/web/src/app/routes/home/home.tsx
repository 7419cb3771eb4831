import { NEWS_TYPE } from '@portal/shared/constants/news';
import { siteNameOf } from '@portal/shared/constants/page-titles';
import { ClientOnly } from '../../../components/client-only';
import { PageTitle } from '../../../components/page-title';
import { DEFAULT_SITE_TITLE } from '../../../config/site';
import { CareHomeTiles } from '../../../features/care/components/care-home-tiles';
import { prefetchHomeContent } from '../../../features/home/api/get-home-content';
import { HOME_FIRST_SCREEN } from '../../../features/home/api/home-urls';
import { BannerCarousel } from '../../../features/home/components/banner-carousel';
import { CharacteristicProjects } from '../../../features/home/components/characteristic-projects';
import { ConvenienceServices } from '../../../features/home/components/convenience-services';
import { FeedbackEntry } from '../../../features/home/components/feedback-entry';
import { FloatingRecommend } from '../../../features/home/components/floating-recommend';
import { HeadlineCarousel } from '../../../features/home/components/headline-carousel';
import { HomeSearch } from '../../../features/home/components/home-search';
import { NewHouseGrid } from '../../../features/home/components/new-house-grid';
import { NewsColumn } from '../../../features/home/components/news-columns';
import { SiteMap } from '../../../features/home/components/site-map';
import { LotteryLinks } from '../../../features/lottery/components/lottery-links';
import { useSiteSettings } from '../../../features/shell/api/get-site-settings';
import { queryClient } from '../../../lib/query-client';
import { answersAwaitTakeOver } from '../../../lib/ssr-state';
import styles from './home.module.css';

// The first screen's reads start when this page's code arrives, not after its first render.
// In the browser only: a page the server renders fetches its reads itself. Nor on a page the
// server drew, whose answers the take-over puts into the cache after this code has run (the boot
// script loads it early).
if (typeof window !== 'undefined' && !answersAwaitTakeOver()) {
  prefetchHomeContent(queryClient, HOME_FIRST_SCREEN);
}

/** / and /home: the portal's front page, every block in order (docs/product/content.md). */
export default function HomeRoute() {
  const { data: settings } = useSiteSettings();
  return (
    <div className={styles.home}>
      <PageTitle>{settings ? siteNameOf(settings) : DEFAULT_SITE_TITLE}</PageTitle>
      <CareHomeTiles />
      <section className={styles.searchStrip} aria-label="房源搜索">
        <HomeSearch />
      </section>
      {/* 长辈版 leaves out the adverts, the promoted projects and the site map. */}
      <div className={styles.part} data-care-hide="">
        <BannerCarousel />
      </div>
      <div className={styles.newsRow}>
        <HeadlineCarousel />
        <NewsColumn newsType={NEWS_TYPE.INFORMATION} />
        <NewsColumn newsType={NEWS_TYPE.POLICY} />
      </div>
      <div className={styles.part} data-care-hide="">
        <CharacteristicProjects />
      </div>
      <NewHouseGrid />
      {/* Below the first screen, so the links arriving after the paint move nothing in view. */}
      <LotteryLinks />
      <div className={styles.serviceRow}>
        <ConvenienceServices className={styles.services} />
        <FeedbackEntry className={styles.feedback} />
      </div>
      <div className={styles.part} data-care-hide="">
        <SiteMap />
      </div>
      <ClientOnly>
        <FloatingRecommend />
      </ClientOnly>
    </div>
  );
}
