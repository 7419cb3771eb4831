import { ImageWithFallback } from '../../../components/image-with-fallback';
import { SlideCarousel } from '../../../components/slide-carousel';
import styles from './project-sections.module.css';

/** Carousel interval, ms; it pauses while hovered and restarts on leave (docs/product/new-build.md). */
export const CAROUSEL_INTERVAL_MS = 2000;

/** The photo carousel of /houseHome. */
export function PhotoCarousel({ pictures, alt }: { pictures: string[]; alt: string }) {
  const shown = pictures.length > 0 ? pictures : [''];
  return (
    <div className={styles.carousel}>
      <SlideCarousel autoplaySpeed={CAROUSEL_INTERVAL_MS} dotDuration>
        {shown.map((picture, index) => (
          <div key={`${picture}-${index}`} className={styles.slide}>
            <ImageWithFallback
              src={picture}
              alt={`${alt} 图片${index + 1}`}
              loading="eager"
              fetchPriority={index === 0 ? 'high' : 'low'}
              width={520}
              height={360}
            />
          </div>
        ))}
      </SlideCarousel>
    </div>
  );
}
