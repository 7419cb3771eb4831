import { PROVIDENT_LIMIT_RULES } from '@portal/shared/constants/rates';
import { formatFen } from '@portal/shared/domain/money';
import {
  type ProvidentApplicant,
  type ProvidentLimitResult,
  type Sex,
  calculateProvidentLimit,
  termCappedMessage,
} from '@portal/shared/domain/provident-limit';
import { Form, Radio, Select } from 'antd';
import { useCalculatorForm } from '../hooks/use-calculator-form';
import { useFormLayout } from '../hooks/use-form-layout';
import { toNumber } from '../lib/sanitise';
import { CalculatorActions } from './calculator-actions';
import { PersonFields } from './provident-person-fields';
import { RateBasis } from './rate-tables';
import { ResultError, ResultPanel } from './result-panel';
import styles from './tools.module.css';

const DEFAULTS = {
  buyType: 'first',
  loanYears: String(PROVIDENT_LIMIT_RULES.maxTermYears),
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

const TERM_OPTIONS = Array.from({ length: PROVIDENT_LIMIT_RULES.maxTermYears }, (_, i) => ({
  value: String(i + 1),
  label: `${i + 1}年`,
}));
const opposite = (sex: string) => (sex === 'male' ? 'female' : 'male');

function person(sex: string, age: string, deposit: string, ratio: string): ProvidentApplicant {
  return {
    sex: sex as Sex,
    age: Number(age),
    monthlyDeposit: toNumber(deposit),
    ratioPct: Number(ratio),
  };
}

function noticesOf(result: ProvidentLimitResult): string[] {
  const notices: string[] = [];
  if (result.isTermCapped) notices.push(termCappedMessage(result.maxTermYears));
  if (result.isCapped) notices.push(`已按最高贷款额度${formatFen(result.capFen)}元封顶`);
  return notices;
}

/**
 * Tab 2, 公积金贷款额度: the standalone form with a 1–30-year term select, the term shortened to
 * what the borrower's age allows, with a message (docs/product/calculators.md).
 */
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
  const formLayout = useFormLayout(130);

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
        termYears: Number(v.loanYears),
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
      <RateBasis lpr={false} />
      <Form
        form={form}
        initialValues={initialValues}
        onValuesChange={handleValuesChange}
        onFinish={handleFinish}
        className={styles.form}
        {...formLayout}
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
        <Form.Item
          name="loanYears"
          label="贷款期限"
          extra={`最长${PROVIDENT_LIMIT_RULES.maxTermYears}年，且不超过借款人年龄允许的期限`}
        >
          <Select
            options={TERM_OPTIONS}
            showSearch={{ optionFilterProp: 'label' }}
            aria-label="贷款期限"
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
          notices={noticesOf(result)}
          items={[
            { label: '贷款期限', value: String(result.termYears), unit: '年' },
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
