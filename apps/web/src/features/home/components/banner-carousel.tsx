import { ImageWithFallback } from '../../../components/image-with-fallback';
import { SlideCarousel } from '../../../components/slide-carousel';
import { useNewTabLink } from '../../../lib/new-tab';
import { useBanners } from '../api/get-home-content';
import { bannerPicture } from '../api/home-urls';
import styles from './home-media.module.css';
import { SkylineIllustration } from './skyline-illustration';

/** Banner carousel interval (docs/product/content.md), ms. */
export const BANNER_INTERVAL_MS = 5000;

/** Drawn size of a banner picture, px (the content width by the height of the strip). */
const BANNER_SIZE = { width: 1200, height: 320 };

function isExternal(link: string): boolean {
  return /^https?:\/\//i.test(link);
}

/** The top banner carousel: one slide per banner (picture attachments[0].path), every 5 s. */
export function BannerCarousel() {
  const { data: banners = [] } = useBanners();
  const newTab = useNewTabLink();
  if (banners.length === 0) {
    return (
      <section className={styles.banner} aria-label="横幅">
        <SkylineIllustration className={styles.bannerFallback} />
      </section>
    );
  }
  return (
    <section className={styles.banner} aria-label="横幅">
      <SlideCarousel autoplaySpeed={BANNER_INTERVAL_MS} dotDuration>
        {banners.map((banner, index) => {
          // The first slide is the largest picture of the first screen: fetched first.
          const picture = (
            <ImageWithFallback
              className={styles.bannerImage}
              src={bannerPicture(banner)}
              alt={banner.title}
              loading="eager"
              fetchPriority={index === 0 ? 'high' : 'low'}
              width={BANNER_SIZE.width}
              height={BANNER_SIZE.height}
            />
          );
          return (
            <div key={banner.id}>
              {banner.link ? (
                <a
                  href={banner.link}
                  {...(isExternal(banner.link) ? newTab : {})}
                  aria-label={banner.title}
                >
                  {picture}
                </a>
              ) : (
                picture
              )}
            </div>
          );
        })}
      </SlideCarousel>
    </section>
  );
}
