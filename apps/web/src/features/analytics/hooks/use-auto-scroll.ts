import { type RefObject, useEffect, useRef, useState } from 'react';

/** The new-listing table scrolls 40 px every 50 ms (docs/product/content.md). */
export const AUTO_SCROLL_STEP_PX = 40;
export const AUTO_SCROLL_INTERVAL_MS = 50;

/** After a finger leaves the box, the motion waits this long so the reader can finish a row. */
export const TOUCH_RESUME_MS = 3000;

/**
 * Scrolls a box down by 40 px every 50 ms while nobody holds it; the content is rendered twice
 * one after the other, so after the first copy has passed the box jumps back by its height and
 * the motion never ends. The box is held while the pointer is over it, while it has the keyboard
 * focus and while a finger touches it (and for a moment after), so a reader can stop it and
 * scroll it by hand. Returns the handlers to put on the box.
 */
export function useAutoScroll(box: RefObject<HTMLElement | null>, enabled: boolean) {
  const [paused, setPaused] = useState(false);
  const hovering = useRef(false);
  const resumeTimer = useRef<number | undefined>(undefined);

  const hold = () => {
    window.clearTimeout(resumeTimer.current);
    hovering.current = true;
    setPaused(true);
  };
  const release = () => {
    window.clearTimeout(resumeTimer.current);
    hovering.current = false;
    setPaused(false);
  };

  useEffect(() => () => window.clearTimeout(resumeTimer.current), []);

  useEffect(() => {
    if (!enabled || paused) return undefined;
    const id = window.setInterval(() => {
      const element = box.current;
      if (!element || hovering.current) return;
      const loop = element.scrollHeight / 2;
      if (loop <= element.clientHeight) return;
      const next = element.scrollTop + AUTO_SCROLL_STEP_PX;
      element.scrollTop = next >= loop ? next - loop : next;
    }, AUTO_SCROLL_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [box, enabled, paused]);

  return {
    paused,
    onMouseEnter: hold,
    onMouseLeave: release,
    onFocus: hold,
    onBlur: release,
    onTouchStart: hold,
    onTouchEnd: () => {
      window.clearTimeout(resumeTimer.current);
      resumeTimer.current = window.setTimeout(release, TOUCH_RESUME_MS);
    },
  };
}
