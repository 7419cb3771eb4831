import { type PointerEvent, useRef } from 'react';
import styles from './map-search.module.css';

/** A drag of the handle longer than this, px, pulls the sheet up or pushes it down. */
const PULL_PX = 30;

interface MapSheetHandleProps {
  isOpen: boolean;
  /** What the list holds: 楼盘, 二手房 or 租房. */
  noun: string;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * The grip of the phone result sheet of /map: pulled up it shows the list, pushed down it
 * leaves the map; a tap (or Enter) toggles it, so no drag is needed.
 */
export function MapSheetHandle({ isOpen, noun, onOpenChange }: MapSheetHandleProps) {
  const start = useRef<{ y: number; moved: boolean } | null>(null);

  const handlePointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    start.current = { y: event.clientY, moved: false };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const handlePointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const drag = start.current;
    if (!drag || drag.moved) return;
    const dy = event.clientY - drag.y;
    if (Math.abs(dy) < PULL_PX) return;
    drag.moved = true;
    onOpenChange(dy < 0);
  };

  return (
    <button
      type="button"
      className={styles.sheetHandle}
      aria-expanded={isOpen}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onClick={() => {
        const wasDrag = start.current?.moved ?? false;
        start.current = null;
        if (!wasDrag) onOpenChange(!isOpen);
      }}
    >
      <span className={styles.grip} aria-hidden="true" />
      {isOpen ? '收起列表，查看地图' : `上拉查看${noun}列表`}
    </button>
  );
}
