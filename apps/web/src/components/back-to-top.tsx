import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import styles from './back-to-top.module.css';

interface BackToTopProps {
  /** Scroll depth in px after which the button appears. */
  visibleAfter?: number;
}

interface DragStart {
  x: number;
  y: number;
  right: number;
  bottom: number;
}

const DRAG_THRESHOLD_PX = 4;
const EDGE_PX = 8;
const BUTTON_PX = 48;

const clamp = (value: number, max: number) => Math.min(Math.max(EDGE_PX, value), max);

/** A floating 回到顶部 button that can be dragged out of the way (spec 2 §2). */
export function BackToTop({ visibleAfter = 400 }: BackToTopProps) {
  const [isVisible, setVisible] = useState(false);
  const [position, setPosition] = useState({ right: 24, bottom: 120 });
  const dragRef = useRef<DragStart | null>(null);
  const hasDraggedRef = useRef(false);

  useEffect(() => {
    const handleScroll = () => setVisible(window.scrollY > visibleAfter);
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, [visibleAfter]);

  const handlePointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    dragRef.current = { x: event.clientX, y: event.clientY, ...position };
    hasDraggedRef.current = false;
    if (typeof event.currentTarget.setPointerCapture === 'function') {
      event.currentTarget.setPointerCapture(event.pointerId);
    }
  };

  const handlePointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const start = dragRef.current;
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) + Math.abs(dy) < DRAG_THRESHOLD_PX && !hasDraggedRef.current) return;
    hasDraggedRef.current = true;
    setPosition({
      right: clamp(start.right - dx, window.innerWidth - BUTTON_PX - EDGE_PX),
      bottom: clamp(start.bottom - dy, window.innerHeight - BUTTON_PX - EDGE_PX),
    });
  };

  const handlePointerUp = () => {
    dragRef.current = null;
  };

  const handleClick = () => {
    if (hasDraggedRef.current) {
      hasDraggedRef.current = false;
      return;
    }
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  if (!isVisible) return null;
  return (
    <button
      type="button"
      className={styles.button}
      style={{ right: position.right, bottom: position.bottom }}
      aria-label="回到顶部"
      title="回到顶部（可拖动）"
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
      onPointerCancel={handlePointerUp}
      onClick={handleClick}
    >
      <VerticalAlignTopOutlined className={styles.icon} />
      <span className={styles.label}>顶部</span>
    </button>
  );
}
