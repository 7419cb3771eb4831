import { Grid } from 'antd';
import type { FormProps } from 'antd';

/**
 * Layout of a calculator form: labels above the fields on a phone (one column, full-width
 * fields), labels beside them from the md breakpoint up, in a column `labelWidth` px wide.
 */
export function useFormLayout(
  labelWidth: number,
): Pick<FormProps, 'layout' | 'labelCol' | 'labelWrap'> {
  const screens = Grid.useBreakpoint();
  return screens.md
    ? { layout: 'horizontal', labelCol: { flex: `${labelWidth}px` }, labelWrap: true }
    : { layout: 'vertical' };
}
