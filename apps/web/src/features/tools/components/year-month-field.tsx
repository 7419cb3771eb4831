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

/** A year select and a month select that must be chosen together (docs/product/calculators.md). */
export function YearMonthField(props: YearMonthFieldProps) {
  const form = Form.useFormInstance();
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
          rules={[pairRule(form, props.yearName, props.monthMessage)]}
        >
          <Select
            options={MONTH_OPTIONS}
            placeholder="月份"
            aria-label={`${props.label}月份`}
            style={{ width: 100 }}
          />
        </Form.Item>
      </Space>
    </Form.Item>
  );
}
