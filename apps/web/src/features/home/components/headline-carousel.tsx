import { NEWS_LIMITS } from '@portal/shared/constants/news';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { RouteLink } from '../../../components/route-link';
import { paths } from '../../../config/paths';
import { useHeadlines } from '../api/get-home-content';
import { HomeEmptyState as EmptyState } from './home-empty-state';
import styles from './home-media.module.css';
import { SlideCarousel } from './slide-carousel';

/** 头条: up to 5 headline articles with their covers; a click opens the article (spec 1 §2). */
export function HeadlineCarousel() {
  const { data: headlines = [], isPending } = useHeadlines();
  const shown = headlines.slice(0, NEWS_LIMITS.headlineCount);
  return (
    <section className={styles.headlines} aria-label="头条">
      {shown.length === 0 ? (
        !isPending && <EmptyState className={styles.empty} />
      ) : (
        <SlideCarousel autoplaySpeed={4000}>
          {shown.map((item) => (
            <div key={item.id}>
              <RouteLink
                routeKey="informationAndPolicyDetails"
                href={paths.informationAndPolicyDetails.getHref({ id: item.id })}
                className={styles.headline}
              >
                <ImageWithFallback
                  className={styles.headlineImage}
                  src={item.attachments[0]?.path}
                  alt={item.title}
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
