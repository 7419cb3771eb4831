import type { FormProps } from 'antd';
import { useIsPhone } from '../../../lib/use-media-query';

/**
 * Layout of a calculator form: labels above the fields on a phone (one column, full-width
 * fields), labels beside them from 768 px up, in a column `labelWidth` px wide.
 *
 * Decided by `useIsPhone`, which answers for the width the server drew the page for until the
 * page is taken over, so the server's form and the browser's are the same. (antd's
 * `Grid.useBreakpoint` knows no width on the server: the server drew labels above the fields
 * on a desktop too, and the form jumped to labels beside them right after the take-over, moving
 * every field under a reader's first tap.)
 */
export function useFormLayout(
  labelWidth: number,
): Pick<FormProps, 'layout' | 'labelCol' | 'labelWrap'> {
  return useIsPhone()
    ? { layout: 'vertical' }
    : { layout: 'horizontal', labelCol: { flex: `${labelWidth}px` }, labelWrap: true };
}
