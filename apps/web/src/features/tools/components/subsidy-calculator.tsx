import { type SubsidyResult, calculateFiscalSubsidy } from '@portal/shared/domain/fiscal-subsidy';
import { formatFen, yuanToFen } from '@portal/shared/domain/money';
import { Form } from 'antd';
import { useCalculatorForm } from '../hooks/use-calculator-form';
import { useFormLayout } from '../hooks/use-form-layout';
import { toNumber } from '../lib/sanitise';
import { CalculatorActions } from './calculator-actions';
import { NumberField } from './form-controls';
import { ResultError, ResultPanel } from './result-panel';
import styles from './tools.module.css';

const DEFAULTS = { unitPrice: '', area: '', otherSubsidy: '' };
type Values = typeof DEFAULTS;

/** Tab 6, 财政补贴计算器: 1 % of the total price plus any other subsidy (docs/product/calculators.md). */
export function SubsidyCalculator() {
  const {
    form,
    initialValues,
    allValues,
    outcome,
    setOutcome,
    result,
    handleValuesChange,
    handleReset,
  } = useCalculatorForm<Values, SubsidyResult>(DEFAULTS);
  const formLayout = useFormLayout(130);

  const handleFinish = () => {
    const v = allValues();
    setOutcome(
      calculateFiscalSubsidy({
        unitPrice: toNumber(v.unitPrice),
        area: toNumber(v.area),
        otherSubsidyFen: yuanToFen(toNumber(v.otherSubsidy)),
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
          name="unitPrice"
          label="单价"
          unit="元/㎡"
          rules={[{ required: true, message: '请填写单价' }]}
        />
        <NumberField
          name="area"
          label="面积"
          unit="㎡"
          rules={[{ required: true, message: '请填写面积' }]}
        />
        <NumberField name="otherSubsidy" label="其他补贴" unit="元" />
        <CalculatorActions onReset={handleReset} />
      </Form>
      {outcome && !outcome.ok && <ResultError message={outcome.error} />}
      {result && (
        <ResultPanel
          items={[
            { label: '房屋总价', value: formatFen(result.totalPriceFen), unit: '元' },
            {
              label: `财政补贴（${result.ratePct}%）`,
              value: formatFen(result.govSubsidyFen),
              unit: '元',
            },
            { label: '其他补贴', value: formatFen(result.otherSubsidyFen), unit: '元' },
            { label: '实际购房成本', value: formatFen(result.actualCostFen), unit: '元' },
          ]}
        >
          <p className={styles.reference}>财政补贴在购房后发放，不抵减首付款。</p>
        </ResultPanel>
      )}
    </div>
  );
}
