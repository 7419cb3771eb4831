import { PROVIDENT_LIMIT_RULES } from '@portal/shared/constants/rates';
import { formatFen } from '@portal/shared/domain/money';
import {
  type ProvidentApplicant,
  type ProvidentLimitResult,
  type Sex,
  calculateProvidentLimit,
} from '@portal/shared/domain/provident-limit';
import { Form, Radio, Select } from 'antd';
import { useCalculatorForm } from '../hooks/use-calculator-form';
import { sanitiseInteger, toNumber } from '../lib/sanitise';
import { CalculatorActions } from './calculator-actions';
import { NumberField } from './form-controls';
import { ResultError, ResultPanel } from './result-panel';
import styles from './tools.module.css';

const DEFAULTS = {
  buyType: 'first',
  sex: 'male',
  age: '',
  monthlyDeposit: '',
  ratio: '',
  isMarried: '0',
  spouseSex: 'female',
  spouseAge: '',
  spouseDeposit: '',
  spouseRatio: '',
};
type Values = typeof DEFAULTS;

const SEX_OPTIONS = [
  { value: 'male', label: '男' },
  { value: 'female', label: '女' },
];
const RATIO_OPTIONS = PROVIDENT_LIMIT_RULES.ratioOptionsPct.map((r) => ({
  value: String(r),
  label: `${r}%`,
}));
const opposite = (sex: string) => (sex === 'male' ? 'female' : 'male');

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

function PersonFields({ prefix, who }: { prefix: '' | 'spouse'; who: string }) {
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

function person(sex: string, age: string, deposit: string, ratio: string): ProvidentApplicant {
  return {
    sex: sex as Sex,
    age: Number(age),
    monthlyDeposit: toNumber(deposit),
    ratioPct: Number(ratio),
  };
}

/** Tab 2, 公积金贷款额度: the standalone form of spec 3 §5 (DECISIONS #6). */
export function ProvidentLimitCalculator() {
  const {
    form,
    initialValues,
    allValues,
    outcome,
    setOutcome,
    result,
    handleValuesChange: saveValues,
    handleReset,
  } = useCalculatorForm<Values, ProvidentLimitResult>(DEFAULTS);
  const isMarried = Form.useWatch('isMarried', form) ?? initialValues.isMarried;

  const handleValuesChange = (changed: Partial<Values>) => {
    if (changed.sex) form.setFieldValue('spouseSex', opposite(changed.sex));
    if (changed.spouseSex) form.setFieldValue('sex', opposite(changed.spouseSex));
    saveValues();
  };
  const handleFinish = () => {
    const v = allValues();
    setOutcome(
      calculateProvidentLimit({
        purchaseType: v.buyType === 'second' ? 'second' : 'first',
        applicant: person(v.sex, v.age, v.monthlyDeposit, v.ratio),
        spouse:
          v.isMarried === '1'
            ? person(v.spouseSex, v.spouseAge, v.spouseDeposit, v.spouseRatio)
            : undefined,
      }),
    );
  };

  return (
    <div className={styles.calculator}>
      <Form
        form={form}
        initialValues={initialValues}
        onValuesChange={handleValuesChange}
        onFinish={handleFinish}
        labelCol={{ flex: '130px' }}
        className={styles.form}
      >
        <Form.Item
          name="buyType"
          label="购房类型"
          rules={[{ required: true, message: '请选择购房类型' }]}
        >
          <Radio.Group
            options={[
              { value: 'first', label: '首套' },
              { value: 'second', label: '二套' },
            ]}
          />
        </Form.Item>
        <PersonFields prefix="" who="" />
        <Form.Item name="isMarried" label="是否已婚">
          <Radio.Group
            options={[
              { value: '0', label: '未婚' },
              { value: '1', label: '已婚（配偶缴存公积金）' },
            ]}
          />
        </Form.Item>
        {isMarried === '1' && <PersonFields prefix="spouse" who="配偶" />}
        <CalculatorActions onReset={handleReset} />
      </Form>
      {outcome && !outcome.ok && <ResultError message={outcome.error} />}
      {result && (
        <ResultPanel
          notices={result.isCapped ? [`已按最高贷款额度${formatFen(result.capFen)}元封顶`] : []}
          items={[
            { label: '最长贷款期限', value: String(result.termYears), unit: '年' },
            { label: '计算系数', value: String(result.factor), unit: '' },
            { label: '借款人可贷额', value: formatFen(result.applicantFen), unit: '元' },
            { label: '配偶可贷额', value: formatFen(result.spouseFen), unit: '元' },
            { label: '最高可贷额度', value: formatFen(result.limitFen), unit: '元' },
          ]}
        />
      )}
    </div>
  );
}
