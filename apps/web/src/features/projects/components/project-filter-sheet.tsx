import { Button, Drawer } from 'antd';
import type { FilterName } from '../api/project-urls';
import { FilterRow, type FilterRowSpec, type FilterValues } from './project-filter-rows';
import styles from './project-filters.module.css';

interface FilterSheetProps {
  title: string;
  rows: readonly FilterRowSpec[];
  isOpen: boolean;
  values: FilterValues;
  onChange: (name: FilterName, value: string) => void;
  onClose: () => void;
}

/**
 * A bottom sheet with the choices of one filter group. A choice applies at once (it is written
 * to the URL); a sheet of one row closes with it, 更多 stays open until 完成.
 */
export function FilterSheet({ title, rows, isOpen, values, onChange, onClose }: FilterSheetProps) {
  const handleChange = (name: FilterName, value: string) => {
    onChange(name, value);
    if (rows.length === 1) onClose();
  };
  return (
    <Drawer
      open={isOpen}
      onClose={onClose}
      placement="bottom"
      size="auto"
      title={title}
      closable={{ 'aria-label': '关闭' }}
      classNames={{ body: styles.sheetBody }}
      footer={
        rows.length > 1 && (
          <Button type="primary" block onClick={onClose}>
            完成
          </Button>
        )
      }
    >
      {rows.map((row) => (
        <FilterRow
          key={row.name}
          row={row}
          values={values}
          onChange={handleChange}
          variant="sheet"
        />
      ))}
    </Drawer>
  );
}
