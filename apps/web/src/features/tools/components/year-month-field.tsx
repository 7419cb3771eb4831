import { Form, Select, Space } from 'antd';
import type { FormInstance } from 'antd';
import { MONTH_OPTIONS, type Option } from '../lib/options';

interface YearMonthFieldProps {
  label: string;
  yearName: string;
  monthName: string;
  years: Option[];
  yearMessage: string;
  monthMessage: string;
  /** The latest year and month allowed (later months are disabled and refused). */
  notAfter?: { year: number; month: number };
  notAfterMessage?: string;
}

const BOTH = '请同时选择还款年份和月份';

function pairRule(form: FormInstance, otherName: string, missingMessage: string) {
  return {
    validator: (_: unknown, value?: string) => {
      if (value) return Promise.resolve();
      const other = form.getFieldValue(otherName) as string | undefined;
      return Promise.reject(new Error(other ? BOTH : missingMessage));
    },
  };
}

function notAfterRule(
  form: FormInstance,
  props: YearMonthFieldProps,
): { validator: (_: unknown, value?: string) => Promise<void> } {
  return {
    validator: (_: unknown, value?: string) => {
      const limit = props.notAfter;
      const year = Number(form.getFieldValue(props.yearName));
      const month = Number(value);
      if (!limit || !year || !month) return Promise.resolve();
      const later = year > limit.year || (year === limit.year && month > limit.month);
      return later ? Promise.reject(new Error(props.notAfterMessage)) : Promise.resolve();
    },
  };
}

/** A year select and a month select that must be chosen together (docs/product/calculators.md). */
export function YearMonthField(props: YearMonthFieldProps) {
  const form = Form.useFormInstance();
  const chosenYear = Number(Form.useWatch(props.yearName, form));
  const limit = props.notAfter;
  const months =
    limit && chosenYear === limit.year
      ? MONTH_OPTIONS.map((o) => ({ ...o, disabled: Number(o.value) > limit.month }))
      : MONTH_OPTIONS;
  return (
    <Form.Item label={props.label} required>
      <Space>
        <Form.Item
          noStyle
          name={props.yearName}
          dependencies={[props.monthName]}
          rules={[pairRule(form, props.monthName, props.yearMessage)]}
        >
          <Select
            options={props.years}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="年份"
            aria-label={`${props.label}年份`}
            style={{ width: 120 }}
          />
        </Form.Item>
        <Form.Item
          noStyle
          name={props.monthName}
          dependencies={[props.yearName]}
          rules={[pairRule(form, props.yearName, props.monthMessage), notAfterRule(form, props)]}
        >
          <Select
            options={months}
            placeholder="月份"
            aria-label={`${props.label}月份`}
            style={{ width: 100 }}
          />
        </Form.Item>
      </Space>
    </Form.Item>
  );
}
