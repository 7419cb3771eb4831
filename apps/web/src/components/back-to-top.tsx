import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { dockStyle, useDraggable } from '../lib/use-draggable';
import styles from './back-to-top.module.css';

interface BackToTopProps {
  /** Scroll depth in px after which the button appears. */
  visibleAfter?: number;
}

const BUTTON_SIZE = { width: 48, height: 48 };
/** The lowest floating button: under 客服 on desktop, in the bottom corner on phones. */
const PLACES = { desktop: { right: 24, bottom: 120 }, phone: { right: 8, bottom: 16 } };

/** A floating 回到顶部 button that can be dragged out of the way (docs/product/site-shell.md). */
export function BackToTop({ visibleAfter = 400 }: BackToTopProps) {
  const [isVisible, setVisible] = useState(false);
  const { position, wasDragged, handlers } = useDraggable(PLACES, BUTTON_SIZE);

  useEffect(() => {
    const handleScroll = () => setVisible(window.scrollY > visibleAfter);
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, [visibleAfter]);

  const handleClick = () => {
    if (wasDragged()) return;
    window.scrollTo({ top: 0, behavior: 'smooth' });
    // The button goes away at the top: the keyboard focus starts over with the page itself.
    document.querySelector<HTMLElement>('main[tabindex]')?.focus({ preventScroll: true });
  };

  if (!isVisible) return null;
  return (
    <button
      type="button"
      className={`${styles.button} portal-floating`}
      style={dockStyle(position)}
      aria-label="回到顶部"
      title="回到顶部（可拖动）"
      {...handlers}
      onClick={handleClick}
    >
      <VerticalAlignTopOutlined className={styles.icon} aria-hidden="true" />
      <span className={styles.label}>顶部</span>
    </button>
  );
}
