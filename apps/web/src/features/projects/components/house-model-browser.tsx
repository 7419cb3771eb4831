import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { formatBedrooms } from '@portal/shared/format';
import type { HouseModel } from '@portal/shared/schemas/projects';
import { Button } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import styles from './house-models.module.css';

/** Scroller step, px (docs/product/new-build.md). */
export const SCROLL_STEP_PX = 130;

/** Group label of a bedroom count, in the site's one room spelling (两室, not 二居). */
export function bedroomLabel(bedroom: number): string {
  return formatBedrooms(bedroom);
}

/** The groups of the model gallery: 全部 first, then each bedroom count, with counts. */
export function groupModels(models: HouseModel[]) {
  const counts = new Map<number, number>();
  for (const model of models) counts.set(model.bedroom, (counts.get(model.bedroom) ?? 0) + 1);
  return [
    { key: 0, label: '全部', count: models.length },
    ...[...counts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([bedroom, count]) => ({ key: bedroom, label: bedroomLabel(bedroom), count })),
  ];
}

interface HouseModelBrowserProps {
  models: HouseModel[];
  pickedId?: number;
  onPick: (model: HouseModel) => void;
}

/** House models grouped by bedroom count, in a horizontal scroller (/houseType, docs/product/new-build.md). */
export function HouseModelBrowser({ models, pickedId, onPick }: HouseModelBrowserProps) {
  const [group, setGroup] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const groups = useMemo(() => groupModels(models), [models]);
  const shown = group === 0 ? models : models.filter((m) => m.bedroom === group);
  const scroll = (direction: 1 | -1) =>
    scroller.current?.scrollBy({ left: direction * SCROLL_STEP_PX, behavior: 'smooth' });

  if (models.length === 0) return <EmptyState />;
  return (
    <div>
      <div className={styles.groups} role="tablist" aria-label="户型分组">
        {groups.map((g) => (
          <button
            key={g.key}
            type="button"
            role="tab"
            aria-selected={group === g.key}
            className={group === g.key ? `${styles.group} ${styles.groupActive}` : styles.group}
            onClick={() => setGroup(g.key)}
          >
            {g.label}({g.count})
          </button>
        ))}
      </div>
      <div className={styles.scrollRow}>
        <Button icon={<LeftOutlined />} aria-label="向左" onClick={() => scroll(-1)} />
        <div className={styles.scroller} ref={scroller}>
          {shown.map((model) => (
            <button
              key={model.id}
              type="button"
              className={model.id === pickedId ? `${styles.card} ${styles.picked}` : styles.card}
              onClick={() => onPick(model)}
            >
              <ImageWithFallback src={model.picturePath} alt={model.houseType} />
              <strong>{model.houseType}</strong>
              <span>建面约{Math.round(model.area)}㎡</span>
            </button>
          ))}
        </div>
        <Button icon={<RightOutlined />} aria-label="向右" onClick={() => scroll(1)} />
      </div>
    </div>
  );
}
