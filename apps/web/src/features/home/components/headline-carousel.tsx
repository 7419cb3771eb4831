import { NEWS_LIMITS } from '@portal/shared/constants/news';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { RouteLink } from '../../../components/route-link';
import { SlideCarousel } from '../../../components/slide-carousel';
import { paths } from '../../../config/paths';
import { useHeadlines } from '../api/get-home-content';
import { headlinePicture } from '../api/home-urls';
import { HomeEmptyState as EmptyState } from './home-empty-state';
import styles from './home-media.module.css';

/** Drawn size of a headline picture, px (the box inside the 1 px border). */
const HEADLINE_SIZE = { width: 418, height: 350 };

/** 头条: up to 5 headline articles with their covers; a click opens the article (docs/product/content.md). */
export function HeadlineCarousel() {
  const { data: headlines = [], isPending } = useHeadlines();
  const shown = headlines.slice(0, NEWS_LIMITS.headlineCount);
  return (
    <section className={styles.headlines} aria-label="头条">
      {shown.length === 0 ? (
        !isPending && <EmptyState className={styles.empty} />
      ) : (
        <SlideCarousel autoplaySpeed={4000}>
          {shown.map((item, index) => (
            <div key={item.id}>
              <RouteLink
                routeKey="informationAndPolicyDetails"
                href={paths.informationAndPolicyDetails.getHref({ id: item.id })}
                className={styles.headline}
              >
                {/* The first headline is on the first screen: loaded at once, with priority. */}
                <ImageWithFallback
                  className={styles.headlineImage}
                  src={headlinePicture(item)}
                  alt={item.title}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                  width={HEADLINE_SIZE.width}
                  height={HEADLINE_SIZE.height}
                />
                <span className={styles.headlineTitle}>{item.title}</span>
              </RouteLink>
            </div>
          ))}
        </SlideCarousel>
      )}
    </section>
  );
}
