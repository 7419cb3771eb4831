import { ImageWithFallback } from '../../../components/image-with-fallback';
import { useBanners } from '../api/get-home-content';
import styles from './home-media.module.css';
import { SkylineIllustration } from './skyline-illustration';
import { SlideCarousel } from './slide-carousel';

/** Banner carousel interval (spec 1 §9), ms. */
export const BANNER_INTERVAL_MS = 5000;

function isExternal(link: string): boolean {
  return /^https?:\/\//i.test(link);
}

/** The top banner carousel: one slide per banner (picture attachments[0].path), every 5 s. */
export function BannerCarousel() {
  const { data: banners = [] } = useBanners();
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
        {banners.map((banner) => {
          const picture = (
            <ImageWithFallback
              className={styles.bannerImage}
              src={banner.attachments[0]?.path}
              alt={banner.title}
              loading="eager"
            />
          );
          return (
            <div key={banner.id}>
              {banner.link ? (
                <a
                  href={banner.link}
                  target={isExternal(banner.link) ? '_blank' : undefined}
                  rel={isExternal(banner.link) ? 'noopener noreferrer' : undefined}
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
