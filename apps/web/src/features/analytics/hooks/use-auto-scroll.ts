import { type RefObject, useEffect, useRef, useState } from 'react';

/** Spec 3 §4/§9: the new-listing table scrolls 40 px every 50 ms. */
export const AUTO_SCROLL_STEP_PX = 40;
export const AUTO_SCROLL_INTERVAL_MS = 50;

/**
 * Scrolls a box down by 40 px every 50 ms while it is not hovered; the content is rendered twice
 * one after the other, so after the first copy has passed the box jumps back by its height and
 * the motion never ends. Returns the hover handlers to pause and resume.
 */
export function useAutoScroll(box: RefObject<HTMLElement | null>, enabled: boolean) {
  const [paused, setPaused] = useState(false);
  const hovering = useRef(false);

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
    onMouseEnter: () => {
      hovering.current = true;
      setPaused(true);
    },
    onMouseLeave: () => {
      hovering.current = false;
      setPaused(false);
    },
  };
}
