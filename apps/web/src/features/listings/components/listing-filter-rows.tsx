import { DISTRICT_FILTER_OPTIONS } from '@portal/shared/constants/districts';
import { LISTING_TYPE } from '@portal/shared/constants/listings';
import { useDictionary } from '../api/reference-data';
import {
  bandRows,
  type FilterRow,
  type ListingFilterName,
  type ListingSearchState,
} from '../lib/listing-filters';
import styles from './listing-filter-panel.module.css';

const ALL = { code: '', label: '不限' };

/** The filter rows of a tab: district, the bands, rent type and pay (rentals), decoration. */
function useFilterRows(type: ListingSearchState['type']): FilterRow[] {
  const decorates = useDictionary('decorates');
  const rentTypes = useDictionary('rent_type');
  const rentPays = useDictionary('rent_pay_type');
  const fromDictionary = (items: Array<{ id: string; name: string }> | undefined) => [
    ALL,
    ...(items ?? []).map((item) => ({ code: item.id, label: item.name })),
  ];
  return [
    {
      name: 'areaCode',
      title: '区域',
      options: DISTRICT_FILTER_OPTIONS.map((d) => ({
        code: d.code,
        label: d.code ? d.name : '不限',
      })),
    },
    ...bandRows(type),
    ...(type === LISTING_TYPE.RENT
      ? [
          { name: 'rentType' as const, title: '方式', options: fromDictionary(rentTypes.data) },
          { name: 'rentPay' as const, title: '付款', options: fromDictionary(rentPays.data) },
        ]
      : []),
    { name: 'decorates', title: '装修', options: fromDictionary(decorates.data) },
  ];
}

interface ListingFilterRowsProps {
  state: ListingSearchState;
  onChange: (name: ListingFilterName, value: string) => void;
}

/**
 * The option rows of /secondhandhouse (the bands of docs/product/listings.md, dictionaries for the rest): in the panel
 * on wide screens, in the 筛选 sheet on phones. A choice applies at once.
 */
export function ListingFilterRows({ state, onChange }: ListingFilterRowsProps) {
  const rows = useFilterRows(state.type);
  return (
    <>
      {rows.map((row) => (
        <div key={row.name} className={styles.row} role="group" aria-label={row.title}>
          <span className={styles.title}>{row.title}：</span>
          <div className={styles.options}>
            {row.options.map((option) => {
              const isActive = (state.filters[row.name] ?? '') === option.code;
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
      ))}
    </>
  );
}
