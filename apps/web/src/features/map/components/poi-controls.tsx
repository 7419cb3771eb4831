import { MAP_POI_LIMIT, type PoiCategory } from '@portal/shared/constants/places';
import { POI_GROUPS } from '../poi-groups';
import styles from './map-search.module.css';

interface PoiControlsProps {
  isOn: boolean;
  shown: ReadonlySet<PoiCategory>;
  /** Why no points are drawn (zoomed out, none in the area), or null. */
  note: string | null;
  onToggle: () => void;
  onShown: (next: ReadonlySet<PoiCategory>) => void;
}

/**
 * What the layer says of itself, or null: zoomed out too far, nothing in the view, or more
 * points in the view than the map draws (`count` of the points answered, when answered).
 */
export function poiNoteOf(
  isOn: boolean,
  isBoxed: boolean,
  count: number | undefined,
): string | null {
  if (!isOn) return null;
  if (!isBoxed) return '放大地图后显示周边配套';
  if (count === 0) return '当前范围暂无周边配套';
  if (count !== undefined && count >= MAP_POI_LIMIT) {
    return '当前范围配套较多，仅显示部分，请放大地图查看更多';
  }
  return null;
}

/**
 * The 周边配套 switch over the map and, while it is on, a button per kind (学校, 幼儿园, 地铁/公交,
 * 医院, 超市商场, 公园, 银行) with the kind's own mark and colour; every button a 44 px target.
 */
export function PoiControls({ isOn, shown, note, onToggle, onShown }: PoiControlsProps) {
  const toggleGroup = (categories: readonly PoiCategory[], on: boolean) => {
    const next = new Set(shown);
    for (const category of categories) {
      if (on) next.add(category);
      else next.delete(category);
    }
    onShown(next);
  };
  return (
    <div className={styles.poiBar} role="group" aria-label="周边配套图层">
      <button
        type="button"
        className={isOn ? `${styles.poiToggle} ${styles.poiToggleOn}` : styles.poiToggle}
        aria-pressed={isOn}
        onClick={onToggle}
      >
        周边配套
      </button>
      {isOn &&
        POI_GROUPS.map((group) => {
          const isShown = group.categories.every((category) => shown.has(category));
          return (
            <button
              key={group.key}
              type="button"
              className={styles.poiChip}
              aria-pressed={isShown}
              data-poi-group={group.key}
              onClick={() => toggleGroup(group.categories, !isShown)}
            >
              <span
                className={styles.poiChipMark}
                style={{ background: isShown ? group.colour : '#8c8c8c' }}
                aria-hidden="true"
              >
                {group.mark}
              </span>
              {group.label}
            </button>
          );
        })}
      {isOn && note && (
        <p className={styles.poiNote} role="status">
          {note}
        </p>
      )}
    </div>
  );
}
