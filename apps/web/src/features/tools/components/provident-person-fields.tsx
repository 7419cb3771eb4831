import { PROVIDENT_LIMIT_RULES } from '@portal/shared/constants/rates';
import { Form, Radio, Select } from 'antd';
import { sanitiseInteger } from '../lib/sanitise';
import { NumberField } from './form-controls';

const SEX_OPTIONS = [
  { value: 'male', label: '男' },
  { value: 'female', label: '女' },
];
const RATIO_OPTIONS = PROVIDENT_LIMIT_RULES.ratioOptionsPct.map((r) => ({
  value: String(r),
  label: `${r}%`,
}));

const ageRules = [
  { required: true, message: '请输入正确年龄' },
  {
    validator: (_: unknown, value?: string) => {
      if (!value) return Promise.resolve();
      const age = Number(value);
      return /^\d+$/.test(value) && age >= 0 && age <= 120
        ? Promise.resolve()
        : Promise.reject(new Error('请输入正确年龄'));
    },
  },
];

/** Sex, age, monthly deposit and ratio of the borrower or (prefix `spouse`) the spouse. */
export function PersonFields({ prefix, who }: { prefix: '' | 'spouse'; who: string }) {
  const name = (field: string) =>
    prefix ? `${prefix}${field[0]!.toUpperCase()}${field.slice(1)}` : field;
  return (
    <>
      <Form.Item
        name={name('sex')}
        label={`${who}性别`}
        rules={[{ required: true, message: '请选择性别' }]}
      >
        <Radio.Group options={SEX_OPTIONS} />
      </Form.Item>
      <NumberField
        name={name('age')}
        label={`${who}年龄`}
        unit="岁"
        rules={ageRules}
        normalize={(v) => sanitiseInteger(v, 3)}
      />
      <NumberField
        name={prefix ? 'spouseDeposit' : 'monthlyDeposit'}
        label={`${who}月缴存额`}
        unit="元"
        rules={[{ required: true, message: '请输入月缴存额' }]}
      />
      <Form.Item
        name={name('ratio')}
        label={`${who}缴存比例`}
        rules={[{ required: true, message: '请选择缴存比例' }]}
      >
        <Select
          options={RATIO_OPTIONS}
          placeholder="请选择缴存比例"
          aria-label={`${who}缴存比例`}
        />
      </Form.Item>
    </>
  );
}
