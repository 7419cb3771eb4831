import { DISTRICT_FILTER_OPTIONS } from '@portal/shared/constants/districts';
import { ORIENTATIONS } from '@portal/shared/constants/places';
import {
  PROJECT_AREA_BANDS,
  PROJECT_KINDS,
  PROJECT_LAYOUTS,
  PROJECT_PRICE_BANDS,
  PROJECT_PURPOSES,
  PROJECT_TOTAL_BANDS,
} from '@portal/shared/constants/project-filters';
import type { FilterName } from '../api/project-urls';
import styles from './project-filters.module.css';

interface Option {
  code: string;
  label: string;
}

export interface FilterRowSpec {
  name: FilterName;
  title: string;
  options: Option[];
}

const withAll = (options: ReadonlyArray<Option>): Option[] => [
  { code: '', label: '不限' },
  ...options,
];

/** The filter rows of /newHouse in their order (docs/product/new-build.md). */
export const FILTER_ROWS: readonly FilterRowSpec[] = [
  {
    name: 'areaCode',
    title: '区域',
    options: DISTRICT_FILTER_OPTIONS.map((d) => ({
      code: d.code,
      label: d.code ? d.name : '不限',
    })),
  },
  { name: 'priceScope', title: '单价', options: withAll(PROJECT_PRICE_BANDS) },
  { name: 'totalScope', title: '总价', options: withAll(PROJECT_TOTAL_BANDS) },
  { name: 'bedroom', title: '户型', options: withAll(PROJECT_LAYOUTS) },
  {
    name: 'orientation',
    title: '朝向',
    options: withAll(ORIENTATIONS.map((o) => ({ code: o.code, label: o.name }))),
  },
  { name: 'buildAreaScope', title: '面积', options: withAll(PROJECT_AREA_BANDS) },
  { name: 'properties', title: '用途', options: withAll(PROJECT_PURPOSES) },
  { name: 'houseType', title: '类型', options: [...PROJECT_KINDS] },
];

export type FilterValues = Partial<Record<FilterName, string>>;

/** The label of a row's current choice, or undefined while it is 不限 / 全部. */
export function chosenLabel(row: FilterRowSpec, values: FilterValues): string | undefined {
  const code = values[row.name] ?? '';
  return code ? row.options.find((option) => option.code === code)?.label : undefined;
}

interface FilterRowProps {
  row: FilterRowSpec;
  values: FilterValues;
  onChange: (name: FilterName, value: string) => void;
  /** `sheet`: the phone bottom sheet's grid of larger buttons. */
  variant?: 'bar' | 'sheet';
}

/** One filter row: its title and a pressed/unpressed button per choice. */
export function FilterRow({ row, values, onChange, variant = 'bar' }: FilterRowProps) {
  return (
    <div
      className={variant === 'sheet' ? styles.sheetRow : styles.row}
      role="group"
      aria-label={row.title}
    >
      <span className={styles.title}>{row.title}：</span>
      <div className={styles.options}>
        {row.options.map((option) => {
          const isActive = (values[row.name] ?? '') === option.code;
          return (
            <button
              key={option.code || 'all'}
              type="button"
              className={isActive ? `${styles.option} ${styles.active}` : styles.option}
              aria-pressed={isActive}
              onClick={() => onChange(row.name, option.code)}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
