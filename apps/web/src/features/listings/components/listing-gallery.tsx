import { PauseOutlined, CaretRightOutlined } from '@ant-design/icons';
import { type TouchEvent, useEffect, useRef, useState } from 'react';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { usePhotoViewer } from '../../../components/photo-viewer/use-photo-viewer';
import styles from './listing-gallery.module.css';

/** Auto-advance interval of the gallery, ms (docs/product/listings.md). */
export const GALLERY_INTERVAL_MS = 2000;

/** The index after `index` in a gallery of `count` pictures, wrapping round. */
export function nextIndex(index: number, count: number): number {
  return count === 0 ? 0 : (index + 1) % count;
}

/** The index before `index` in a gallery of `count` pictures, wrapping round. */
export function previousIndex(index: number, count: number): number {
  return count === 0 ? 0 : (index - 1 + count) % count;
}

/** Horizontal travel of a finger, px, that counts as a swipe to the next or previous picture. */
export const SWIPE_PX = 40;

/**
 * The scroll position of a thumbnail strip that centres thumbnail `index` (px from the left),
 * kept within the strip's scroll range.
 */
export function stripScrollFor(strip: HTMLElement, index: number): number | null {
  const thumb = strip.children[index] as HTMLElement | undefined;
  if (!thumb) return null;
  const centred = thumb.offsetLeft - (strip.clientWidth - thumb.offsetWidth) / 2;
  return Math.max(0, Math.min(centred, strip.scrollWidth - strip.clientWidth));
}

/**
 * The listing gallery: a large picture and a strip of 200 px thumbnails that scrolls along with
 * the current picture. It advances every 2 s while the pointer is outside and pauses on hover;
 * on a touch screen a swipe across the large picture turns it, and the 暂停 / 播放 button (also
 * for keyboard and screen-reader users) stops and restarts the advance. Clicking the large
 * picture opens the full-screen viewer there (swipe, pinch zoom); the advance stops meanwhile.
 */
export function ListingGallery({ pictures, title }: { pictures: string[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [isHovered, setHovered] = useState(false);
  const [isStopped, setStopped] = useState(false);
  const strip = useRef<HTMLUListElement>(null);
  const touchStart = useRef<number | null>(null);
  const count = pictures.length;
  const photos = pictures.map((picture, i) => ({ src: picture, alt: `${title} 图片${i + 1}` }));
  const { open, isOpen: isViewing, viewer } = usePhotoViewer(photos);
  const isPaused = isHovered || isStopped || isViewing;

  // The strip follows the current picture, whether it advanced by itself or was chosen.
  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    const left = stripScrollFor(element, index);
    if (left !== null && Math.abs(element.scrollLeft - left) > 1) element.scrollLeft = left;
  }, [index]);

  useEffect(() => {
    if (isPaused || count < 2) return undefined;
    const timer = window.setInterval(
      () => setIndex((i) => nextIndex(i, count)),
      GALLERY_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [isPaused, count]);

  const onTouchStart = (event: TouchEvent) => {
    touchStart.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    // A swipe is not a tap: the picture turns and does not open full size.
    event.preventDefault();
    setIndex((i) => (end < start ? nextIndex(i, count) : previousIndex(i, count)));
  };

  const current = pictures[Math.min(index, Math.max(0, count - 1))] ?? '';
  return (
    <div
      className={styles.gallery}
      data-testid="listing-gallery"
      data-paused={isPaused ? 'true' : 'false'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div className={styles.stage}>
        <button
          type="button"
          className={styles.main}
          aria-label="查看大图"
          disabled={!current}
          onClick={() => open(index)}
          onTouchStart={count > 1 ? onTouchStart : undefined}
          onTouchEnd={count > 1 ? onTouchEnd : undefined}
        >
          <ImageWithFallback src={current} alt={`${title} 图片${index + 1}`} loading="eager" />
        </button>
        {count > 0 && (
          <span className={styles.counter} aria-hidden="true">
            {index + 1}/{count}
          </span>
        )}
        {count > 1 && (
          <button
            type="button"
            className={styles.playToggle}
            aria-label={isStopped ? '继续播放' : '暂停播放'}
            onClick={() => setStopped((stopped) => !stopped)}
          >
            {isStopped ? <CaretRightOutlined /> : <PauseOutlined />}
          </button>
        )}
      </div>
      {count > 1 && (
        <ul ref={strip} className={styles.thumbs} aria-label="房源图片缩略图">
          {pictures.map((picture, i) => (
            <li key={`${picture}-${i}`}>
              <button
                type="button"
                className={i === index ? `${styles.thumb} ${styles.active}` : styles.thumb}
                aria-label={`第${i + 1}张`}
                aria-current={i === index}
                onClick={() => setIndex(i)}
              >
                <ImageWithFallback src={picture} alt={`${title} 缩略图${i + 1}`} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewer}
    </div>
  );
}
