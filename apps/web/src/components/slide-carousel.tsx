import {
  Children,
  type CSSProperties,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import styles from './slide-carousel.module.css';

/** Slide animation, ms (antd Carousel's default speed). */
const SPEED_MS = 500;
/** A drag longer than this share of the width turns the slide (antd's swipe threshold). */
const SWIPE_SHARE = 1 / 5;
/** After a touch the slides stay put this long, ms: the tap equivalent of hovering. */
const TOUCH_PAUSE_MS = 6000;

interface SlideCarouselProps {
  children: ReactNode;
  /** Time each slide shows, ms. */
  autoplaySpeed: number;
  /** The active dot fills up over `autoplaySpeed`. */
  dotDuration?: boolean;
  className?: string;
}

/**
 * The carousels of the home page (banner, headlines) and of /houseHome (photos): an endless
 * horizontal slider with autoplay (paused while the mouse is over it, while the keyboard focus
 * is in it, and for a while after a touch), dots and mouse or touch dragging (swiping), drawn like antd's Carousel without its slider library (docs/decisions/0018). The
 * shown slide carries the class `slick-active`, as antd's does.
 */
export function SlideCarousel({
  children,
  autoplaySpeed,
  dotDuration = false,
  className,
}: SlideCarouselProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  // Track position: -1 and `count` are copies of the last and first slide for the endless loop.
  const [position, setPosition] = useState(0);
  const [isAnimated, setAnimated] = useState(false);
  const [isHovered, setHovered] = useState(false);
  const [isFocused, setFocused] = useState(false);
  const [touchedAt, setTouchedAt] = useState(0);
  const [dragOffset, setDragOffset] = useState(0);
  const drag = useRef<{ startX: number; width: number; moved: boolean } | null>(null);
  const suppressClick = useRef(false);
  const current = ((position % count) + count) % count;

  const goTo = (next: number) => {
    if (count < 2) return;
    setAnimated(true);
    setPosition(next);
  };

  useEffect(() => {
    if (count < 2 || isHovered || isFocused) return;
    // After a touch, the next turn waits until the touch pause is over.
    const sinceTouch = touchedAt > 0 ? Date.now() - touchedAt : TOUCH_PAUSE_MS;
    const delay = Math.max(autoplaySpeed, TOUCH_PAUSE_MS - sinceTouch);
    const timer = window.setTimeout(() => {
      // Not while a finger or the mouse is dragging the slides: wait as after a touch.
      if (drag.current) setTouchedAt(Date.now());
      else goTo(position + 1);
    }, delay);
    return () => window.clearTimeout(timer);
    // goTo only reads `count`, already a dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [position, isHovered, isFocused, touchedAt, autoplaySpeed, count]);

  const settle = () => {
    setAnimated(false);
    if (position >= count) setPosition(0);
    else if (position < 0) setPosition(count - 1);
  };

  // Settles even when no transitionend arrives (hidden tab, reduced motion).
  useEffect(() => {
    if (!isAnimated) return;
    const timer = window.setTimeout(settle, SPEED_MS + 50);
    return () => window.clearTimeout(timer);
    // settle reads the same position and count.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isAnimated, position, count]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'touch') setTouchedAt(Date.now());
    if (count < 2 || (event.pointerType === 'mouse' && event.button !== 0)) return;
    drag.current = {
      startX: event.clientX,
      width: event.currentTarget.offsetWidth,
      moved: false,
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state) return;
    const offset = event.clientX - state.startX;
    if (Math.abs(offset) > 5) state.moved = true;
    if (state.moved) {
      if (!event.currentTarget.hasPointerCapture(event.pointerId)) {
        event.currentTarget.setPointerCapture(event.pointerId);
      }
      setAnimated(false);
      setDragOffset(offset);
    }
  };

  const endDrag = () => {
    const state = drag.current;
    drag.current = null;
    if (!state?.moved) return;
    suppressClick.current = true;
    setDragOffset(0);
    if (dragOffset <= -state.width * SWIPE_SHARE) goTo(position + 1);
    else if (dragOffset >= state.width * SWIPE_SHARE) goTo(position - 1);
    else goTo(position);
  };

  const trackStyle: CSSProperties = {
    transform: `translate3d(calc(${-(position + 1) * 100}% + ${dragOffset}px), 0, 0)`,
    transition: isAnimated ? `transform ${SPEED_MS}ms ease` : 'none',
  };
  const rootStyle = dotDuration
    ? ({ '--dot-duration': `${autoplaySpeed}ms` } as CSSProperties)
    : undefined;
  const loop = count > 1 ? [slides[count - 1], ...slides, slides[0]] : slides;

  return (
    <div
      className={`${styles.carousel} ${className ?? ''}`}
      style={rootStyle}
      onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div
        className={styles.list}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onDragStart={(event) => event.preventDefault()}
        onClickCapture={(event) => {
          if (!suppressClick.current) return;
          suppressClick.current = false;
          event.preventDefault();
          event.stopPropagation();
        }}
      >
        <div
          className={styles.track}
          style={count > 1 ? trackStyle : undefined}
          onTransitionEnd={(event) => {
            if (event.target === event.currentTarget) settle();
          }}
        >
          {loop.map((slide, index) => {
            const slot = count > 1 ? index - 1 : index;
            const isCopy = slot < 0 || slot >= count;
            const isActive = slot === position;
            return (
              <div
                key={isCopy ? `copy-${slot}` : `slide-${slot}`}
                className={isActive ? `${styles.slide} slick-active` : styles.slide}
                aria-hidden={!isActive}
                inert={!isActive}
              >
                {slide}
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 && (
        <ul className={styles.dots}>
          {slides.map((_, index) => (
            <li key={index} className={index === current ? styles.activeDot : undefined}>
              <button
                type="button"
                aria-label={`第${index + 1}张`}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => goTo(index)}
              >
                {index + 1}
              </button>
              {index === current && (
                // Keyed by the turn, so the fill starts again on each one.
                <span key={position} className={styles.fill} aria-hidden="true" />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
