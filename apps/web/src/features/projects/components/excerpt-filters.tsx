import { PROJECT_AREA_BANDS } from '@portal/shared/constants/project-filters';
import { Radio } from 'antd';
import type { ExcerptFilters } from '../api/get-project';
import styles from './building-excerpt.module.css';

interface Option {
  id: number;
  label: string;
}

const AREA_OPTIONS = [
  { value: '', label: '全部' },
  ...PROJECT_AREA_BANDS.map((band) => ({ value: band.code, label: band.label })),
];

interface ExcerptFiltersBarProps {
  buildings: Option[];
  units: Option[];
  /** The building and unit the shown excerpt belongs to. */
  buildingId: number | undefined;
  unitId: number | undefined;
  buildAreaScope: string;
  onChange: (next: ExcerptFilters) => void;
}

/** The 楼栋, 单元 (when a building has several) and 面积 pickers above the building excerpt. */
export function ExcerptFiltersBar({
  buildings,
  units,
  buildingId,
  unitId,
  buildAreaScope,
  onChange,
}: ExcerptFiltersBarProps) {
  return (
    <div className={styles.filters}>
      <div className={styles.filterRow}>
        <span className={styles.filterTitle}>楼栋</span>
        <Radio.Group
          aria-label="楼栋"
          size="small"
          optionType="button"
          buttonStyle="solid"
          value={buildingId}
          options={buildings.map((b) => ({ value: b.id, label: b.label }))}
          onChange={(event) => onChange({ buildingId: Number(event.target.value), buildAreaScope })}
        />
      </div>
      {units.length > 1 && (
        <div className={styles.filterRow}>
          <span className={styles.filterTitle}>单元</span>
          <Radio.Group
            aria-label="单元"
            size="small"
            optionType="button"
            buttonStyle="solid"
            value={unitId}
            options={units.map((u) => ({ value: u.id, label: u.label }))}
            onChange={(event) =>
              onChange({ buildingId, unitId: Number(event.target.value), buildAreaScope })
            }
          />
        </div>
      )}
      <div className={styles.filterRow}>
        <span className={styles.filterTitle}>面积</span>
        <Radio.Group
          aria-label="面积"
          size="small"
          optionType="button"
          buttonStyle="solid"
          value={buildAreaScope}
          options={AREA_OPTIONS}
          onChange={(event) =>
            onChange({ buildingId, unitId, buildAreaScope: String(event.target.value) })
          }
        />
      </div>
    </div>
  );
}
