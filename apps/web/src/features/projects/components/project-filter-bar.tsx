import { DownOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Deferred, lazyNamed } from '../../../lib/deferred';
import type { FilterName } from '../api/project-urls';
import { chosenLabel, FILTER_ROWS, type FilterValues } from './project-filter-rows';
import styles from './project-filters.module.css';

// The bottom sheet (antd Drawer) loads on the first tap of a filter button.
const FilterSheet = lazyNamed(() => import('./project-filter-sheet'), 'FilterSheet');

/** The phone filter buttons: three single rows, and 更多 for the other five (总价 first). */
export const FILTER_GROUPS: ReadonlyArray<{ title: string; names: readonly FilterName[] }> = [
  { title: '区域', names: ['areaCode'] },
  { title: '单价', names: ['priceScope'] },
  { title: '户型', names: ['bedroom'] },
  {
    title: '更多',
    names: ['totalScope', 'orientation', 'buildAreaScope', 'properties', 'houseType'],
  },
];

interface ProjectFilterBarProps {
  values: FilterValues;
  onChange: (name: FilterName, value: string) => void;
}

/** The phone filter bar of /newHouse: a button per group, showing its current choice. */
export function ProjectFilterBar({ values, onChange }: ProjectFilterBarProps) {
  const [openTitle, setOpenTitle] = useState<string | null>(null);
  const openGroup = FILTER_GROUPS.find((group) => group.title === openTitle);
  return (
    <div className={styles.bar}>
      {FILTER_GROUPS.map((group) => {
        const rows = FILTER_ROWS.filter((row) => group.names.includes(row.name));
        const chosen = rows.map((row) => chosenLabel(row, values)).filter(Boolean);
        const caption = chosen.length === 1 && rows.length === 1 ? chosen[0] : group.title;
        return (
          <button
            key={group.title}
            type="button"
            className={
              chosen.length > 0 ? `${styles.barButton} ${styles.barChosen}` : styles.barButton
            }
            aria-haspopup="dialog"
            aria-expanded={openTitle === group.title}
            aria-label={chosen.length > 0 ? `${group.title}：${chosen.join('、')}` : group.title}
            onClick={() => setOpenTitle(group.title)}
          >
            <span className={styles.barCaption}>
              {caption}
              {rows.length > 1 && chosen.length > 0 && `(${chosen.length})`}
            </span>
            <DownOutlined />
          </button>
        );
      })}
      <Deferred when={openTitle !== null}>
        <FilterSheet
          title={openGroup?.title ?? ''}
          rows={FILTER_ROWS.filter((row) => openGroup?.names.includes(row.name))}
          isOpen={openTitle !== null}
          values={values}
          onChange={onChange}
          onClose={() => setOpenTitle(null)}
        />
      </Deferred>
    </div>
  );
}
