import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { toOssUrl } from '../../lib/oss-url';
import {
  keepInside,
  MIN_SCALE,
  pinch,
  type Point,
  RESTING,
  swipeStep,
  type View,
} from './gestures';
import styles from './photo-viewer.module.css';

export interface ViewerPhoto {
  /** A stored path or URL. */
  src: string;
  alt: string;
}

interface PhotoViewerProps {
  photos: readonly ViewerPhoto[];
  startIndex: number;
  onClose: () => void;
}

/** Two taps within this many ms on the same photo zoom it in (or back out). */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_SCALE = 2.5;

type Gesture =
  | { kind: 'drag'; from: Point; start: View; moved: boolean }
  | { kind: 'pinch'; a: Point; b: Point; start: View }
  | null;

/**
 * Photos full-screen over the page (docs/decisions/0054-phone-navigation-and-floating-buttons.md):
 * a sideways swipe turns to the next or previous photo, two fingers zoom (up to 4×) around the
 * point between them, a zoomed photo is moved with one finger, a double tap zooms in and out.
 * 上一张 / 下一张 and the arrow keys turn too; 关闭 and Escape close it and give the focus back.
 * Loaded only when a photo is first opened.
 */
export function PhotoViewer({ photos, startIndex, onClose }: PhotoViewerProps) {
  const count = photos.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(0, startIndex), count - 1));
  const [view, setView] = useState<View>(RESTING);
  const [swipeX, setSwipeX] = useState(0);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture>(null);
  const lastTap = useRef(0);
  const stage = useRef<HTMLDivElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  const go = useCallback(
    (step: number) => {
      if (count < 2) return;
      setIndex((current) => (current + step + count) % count);
      setView(RESTING);
      setSwipeX(0);
    },
    [count],
  );

  // The page under the viewer neither scrolls nor keeps the focus; it gets it back on close.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    closeButton.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus({ preventScroll: true });
    };
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      else if (event.key === 'ArrowRight') go(1);
      else if (event.key === 'ArrowLeft') go(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, onClose]);

  const bounded = (next: View): View => {
    const box = stage.current?.getBoundingClientRect();
    const img = image.current;
    if (!box || !img) return next;
    // The photo's size at scale 1 is its laid-out size (the transform does not change it).
    return keepInside(
      next,
      { width: img.offsetWidth, height: img.offsetHeight },
      { width: box.width, height: box.height },
    );
  };

  const centre = (): Point => {
    const box = stage.current?.getBoundingClientRect();
    return box ? { x: box.left + box.width / 2, y: box.top + box.height / 2 } : { x: 0, y: 0 };
  };

  const startGesture = () => {
    const [a, b] = [...pointers.current.values()];
    if (a && b) gesture.current = { kind: 'pinch', a, b, start: view };
    else if (a) gesture.current = { kind: 'drag', from: a, start: view, moved: false };
    else gesture.current = null;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (pointers.current.size >= 2) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    setSwipeX(0);
    startGesture();
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const current = gesture.current;
    if (!current) return;
    if (current.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()];
      if (a && b) setView(bounded(pinch(current.start, current.a, current.b, a, b, centre())));
      return;
    }
    const dx = event.clientX - current.from.x;
    const dy = event.clientY - current.from.y;
    if (Math.abs(dx) + Math.abs(dy) > 6) current.moved = true;
    if (current.start.scale > MIN_SCALE) {
      setView(bounded({ ...current.start, x: current.start.x + dx, y: current.start.y + dy }));
    } else if (count > 1) {
      setSwipeX(dx);
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    const current = gesture.current;
    const end = { x: event.clientX, y: event.clientY };
    pointers.current.delete(event.pointerId);
    if (current?.kind === 'drag' && pointers.current.size === 0) {
      if (current.start.scale === MIN_SCALE && current.moved) {
        const step = swipeStep(end.x - current.from.x, end.y - current.from.y);
        if (step !== 0) go(step);
        else setSwipeX(0);
      } else if (!current.moved) {
        const now = event.timeStamp;
        if (now - lastTap.current < DOUBLE_TAP_MS) {
          lastTap.current = 0;
          // Zoomed in around the tapped point, or back to the whole photo.
          const c = centre();
          const zoomIn = {
            scale: DOUBLE_TAP_SCALE,
            x: -(end.x - c.x) * (DOUBLE_TAP_SCALE - 1),
            y: -(end.y - c.y) * (DOUBLE_TAP_SCALE - 1),
          };
          setView((shown) => (shown.scale > MIN_SCALE ? RESTING : bounded(zoomIn)));
        } else {
          lastTap.current = now;
        }
      }
    }
    // A finger lifted from a pinch: the other one goes on moving the photo from here.
    startGesture();
  };

  const photo = photos[index];
  if (!photo) return null;
  const transform =
    view.scale === MIN_SCALE
      ? `translate3d(${swipeX}px, 0, 0)`
      : `translate3d(${view.x}px, ${view.y}px, 0) scale(${view.scale})`;

  return createPortal(
    <div
      className={styles.viewer}
      role="dialog"
      aria-modal="true"
      aria-label="图片查看"
      data-testid="photo-viewer"
    >
      <div className={styles.bar}>
        <span className={styles.counter} aria-live="polite">
          {index + 1}/{count}
        </span>
        <button
          ref={closeButton}
          type="button"
          className={styles.button}
          aria-label="关闭图片查看"
          onClick={onClose}
        >
          <CloseOutlined aria-hidden="true" />
        </button>
      </div>
      <div
        ref={stage}
        className={styles.stage}
        data-index={index}
        data-scale={view.scale.toFixed(2)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <img
          key={photo.src}
          ref={image}
          className={styles.photo}
          src={toOssUrl(photo.src)}
          alt={photo.alt}
          draggable={false}
          style={{ transform }}
        />
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className={`${styles.button} ${styles.previous}`}
            aria-label="上一张"
            onClick={() => go(-1)}
          >
            <LeftOutlined aria-hidden="true" />
          </button>
          <button
            type="button"
            className={`${styles.button} ${styles.next}`}
            aria-label="下一张"
            onClick={() => go(1)}
          >
            <RightOutlined aria-hidden="true" />
          </button>
        </>
      )}
    </div>,
    document.body,
  );
}
