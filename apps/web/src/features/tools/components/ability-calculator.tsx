import { type AbilityResult, calculateAbility } from '@portal/shared/domain/ability';
import { formatFen } from '@portal/shared/domain/money';
import { Form, Select } from 'antd';
import { useCalculatorForm } from '../hooks/use-calculator-form';
import { useFormLayout } from '../hooks/use-form-layout';
import { TERM_OPTIONS } from '../lib/options';
import { toNumber } from '../lib/sanitise';
import { CalculatorActions } from './calculator-actions';
import { NumberField } from './form-controls';
import { ResultError, ResultPanel } from './result-panel';
import styles from './tools.module.css';

const DEFAULTS = {
  currentFunds: '',
  monthlyIncome: '',
  monthlyExpenses: '',
  plannedArea: '',
  loanYears: '240',
};
type Values = typeof DEFAULTS;

const areaRules = [
  { required: true, message: '请填写计划购买房屋面积' },
  {
    validator: (_: unknown, value?: string) =>
      !value || toNumber(value) > 0
        ? Promise.resolve()
        : Promise.reject(new Error('计划购买房屋面积必须大于0')),
  },
];

/** Tab 3, 购房能力评估 (docs/product/calculators.md). */
export function AbilityCalculator() {
  const {
    form,
    initialValues,
    allValues,
    outcome,
    setOutcome,
    result,
    handleValuesChange,
    handleReset,
  } = useCalculatorForm<Values, AbilityResult>(DEFAULTS);
  const formLayout = useFormLayout(190);

  const handleFinish = () => {
    const v = allValues();
    setOutcome(
      calculateAbility({
        currentFundsWan: toNumber(v.currentFunds),
        monthlyIncome: toNumber(v.monthlyIncome),
        monthlyExpenses: toNumber(v.monthlyExpenses),
        plannedArea: toNumber(v.plannedArea),
        loanMonths: Number(v.loanYears),
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
        className={styles.form}
        {...formLayout}
      >
        <NumberField
          name="currentFunds"
          label="现有可用于购房的资金"
          unit="万元"
          rules={[{ required: true, message: '请填写现有可用于购房的资金' }]}
        />
        <NumberField
          name="monthlyIncome"
          label="家庭月收入"
          unit="元"
          rules={[{ required: true, message: '请填写家庭月收入' }]}
        />
        <NumberField
          name="monthlyExpenses"
          label="每月可用于购房的支出"
          unit="元"
          rules={[{ required: true, message: '请填写每月可用于购房的支出' }]}
        />
        <NumberField name="plannedArea" label="计划购买房屋面积" unit="㎡" rules={areaRules} />
        <Form.Item name="loanYears" label="贷款期限">
          <Select options={TERM_OPTIONS} aria-label="贷款期限" />
        </Form.Item>
        <CalculatorActions onReset={handleReset} />
      </Form>
      {outcome && !outcome.ok && <ResultError message={outcome.error} />}
      {result && (
        <ResultPanel
          notices={result.warnings}
          items={[
            { label: '可贷款额', value: formatFen(result.loanFen), unit: '元' },
            { label: '可购买房屋总价', value: formatFen(result.totalPriceFen), unit: '元' },
            { label: '可购买房屋单价', value: formatFen(result.unitPriceFen), unit: '元/㎡' },
          ]}
        />
      )}
    </div>
  );
}
