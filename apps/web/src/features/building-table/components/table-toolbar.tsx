import type { RoomLegend, TableBuilding } from '@portal/shared/schemas/building-table';
import {
  ROOM_SALE_STATUS_LABEL,
  ROOM_SALE_STATUS_MARK,
  ROOM_SALE_STATUSES,
} from '@portal/shared/status';
import { Button, Radio } from 'antd';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useScrolledPast } from '../hooks/use-scrolled-past';
import {
  AREA_OPTIONS,
  BEDROOM_OPTIONS,
  buildingLabel,
  FIXED_HEADER_SCROLL_PX,
  ORIENTATION_OPTIONS,
} from '../lib/table-params';
import styles from './building-table.module.css';

interface TableToolbarProps {
  buildings: readonly TableBuilding[];
  building: TableBuilding;
  unit: string;
  area: string;
  orientation: string;
  bedroom: string;
  legend: RoomLegend | undefined;
  floors: readonly number[];
  onBuilding: (id: number) => void;
  onUnit: (unit: string) => void;
  onArea: (code: string) => void;
  onOrientation: (code: string) => void;
  onBedroom: (code: string) => void;
  onFloor: (floor: number) => void;
}

type Choice = string | number;

/** One row of the header: its title and its choices as segmented buttons. */
function FilterRow({
  title,
  value,
  options,
  onChange,
}: {
  title: string;
  value: Choice;
  options: ReadonlyArray<{ value: Choice; label: string }>;
  onChange: (value: Choice) => void;
}) {
  return (
    <div className={styles.filterRow}>
      <span className={styles.filterTitle}>{title}</span>
      <Radio.Group
        aria-label={title}
        size="small"
        optionType="button"
        buttonStyle="solid"
        value={value}
        options={options.map((o) => ({ value: o.value, label: o.label }))}
        onChange={(event) => onChange(event.target.value as Choice)}
      />
    </div>
  );
}

/**
 * The building-table header: 楼栋, 单元, 面积, 朝向 and 户型 pickers, the legend with a count per colour and
 * the quick-floor picker. Fixed to the top of the window once the page is scrolled 600 px
 * (docs/product/new-build.md); a slot of the same height keeps the table from jumping.
 */
export function TableToolbar(props: TableToolbarProps) {
  const { buildings, building, unit, area, legend, floors } = props;
  const isFixed = useScrolledPast(FIXED_HEADER_SCROLL_PX);
  const [isPickerOpen, setIsPickerOpen] = useState(false);
  const chosenRefinements = [area, props.orientation, props.bedroom].filter(Boolean).length;
  const [isRefineOpen, setRefineOpen] = useState(chosenRefinements > 0);
  const refineId = useId();
  const barRef = useRef<HTMLDivElement>(null);
  const [slotHeight, setSlotHeight] = useState<number>();

  useLayoutEffect(() => {
    if (!isFixed) setSlotHeight(barRef.current?.offsetHeight);
  }, [isFixed, isPickerOpen, building.id, floors.length]);

  // Focus is never hidden under the fixed header (WCAG 2.4.11, docs/product/accessibility.md):
  // while it is fixed, the window keeps its height clear when a control scrolls into view.
  useLayoutEffect(() => {
    const bar = barRef.current;
    if (!isFixed || !bar) return;
    const root = document.documentElement;
    const clear = () => {
      root.style.scrollPaddingTop = `${bar.offsetHeight + 8}px`;
    };
    clear();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(clear);
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('scroll-padding-top');
    };
  }, [isFixed]);

  return (
    <div className={styles.toolbarSlot} style={isFixed ? { height: slotHeight } : undefined}>
      <div
        ref={barRef}
        className={isFixed ? `${styles.toolbar} ${styles.toolbarFixed}` : styles.toolbar}
        data-fixed={isFixed || undefined}
        data-table-header=""
        aria-label="楼盘表筛选"
        role="region"
      >
        <FilterRow
          title="楼栋"
          value={building.id}
          options={buildings.map((b) => ({ value: b.id, label: buildingLabel(b) }))}
          onChange={(value) => props.onBuilding(Number(value))}
        />
        <FilterRow
          title="单元"
          value={unit}
          options={building.units.map((name) => ({ value: name, label: name }))}
          onChange={(value) => props.onUnit(String(value))}
        />
        {/*
          The refinements (面积, 朝向, 户型): on a phone behind 更多筛选, open while one is chosen,
          so the floors start on the first screen; in 长辈版 left out of the fixed bar, whose
          larger rows would cover the table.
        */}
        <button
          type="button"
          className={styles.refineToggle}
          aria-expanded={isRefineOpen}
          aria-controls={refineId}
          onClick={() => setRefineOpen((open) => !open)}
        >
          {isRefineOpen ? '收起筛选' : '更多筛选'}
          {chosenRefinements > 0 && `（已选 ${chosenRefinements} 项）`}
        </button>
        <div id={refineId} className={styles.refinements} data-open={isRefineOpen || undefined}>
          <FilterRow
            title="面积"
            value={area}
            options={AREA_OPTIONS}
            onChange={(value) => props.onArea(String(value))}
          />
          <FilterRow
            title="朝向"
            value={props.orientation}
            options={ORIENTATION_OPTIONS}
            onChange={(value) => props.onOrientation(String(value))}
          />
          <FilterRow
            title="户型"
            value={props.bedroom}
            options={BEDROOM_OPTIONS}
            onChange={(value) => props.onBedroom(String(value))}
          />
        </div>
        <div className={styles.legendRow}>
          <ul className={styles.legend} aria-label="房态图例">
            {ROOM_SALE_STATUSES.map((color) => (
              <li key={color} data-color={color}>
                <i className={styles[color]} aria-hidden="true">
                  {ROOM_SALE_STATUS_MARK[color]}
                </i>
                {ROOM_SALE_STATUS_LABEL[color]}
                <b>{legend ? legend[color] : '-'}</b>套
              </li>
            ))}
          </ul>
          <Button
            size="small"
            aria-expanded={isPickerOpen}
            disabled={floors.length === 0}
            onClick={() => setIsPickerOpen((open) => !open)}
          >
            {isPickerOpen ? '收起楼层' : '快速选层'}
          </Button>
        </div>
        {isPickerOpen && (
          <div className={styles.floorPicker} role="group" aria-label="快速选层">
            {floors.map((floor) => (
              <button key={floor} type="button" onClick={() => props.onFloor(floor)}>
                {floor}层
              </button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
