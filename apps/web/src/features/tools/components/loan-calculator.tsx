import { FISCAL_SUBSIDY_RULES } from '@portal/shared/constants/policy';
import { REPAYMENT_METHOD_LABEL } from '@portal/shared/domain/loan';
import {
  LOAN_TYPE_LABEL,
  calculateLoan,
  type LoanCalcResult,
} from '@portal/shared/domain/loan-calculator';
import {
  type CalcOutcome,
  formatFen,
  percentOfFen,
  priceTimesAreaFen,
} from '@portal/shared/domain/money';
import { Form, Radio } from 'antd';
import { useState } from 'react';
import { useUrlForm } from '../hooks/use-url-form';
import { LOAN_FORM_DEFAULTS, type LoanFormValues, loanInputFromForm } from '../lib/loan-form';
import { toNumber } from '../lib/sanitise';
import { CalculatorActions } from './calculator-actions';
import { ComputedField, NumberField } from './form-controls';
import { CommercialFields, ProvidentFields } from './loan-rate-fields';
import { LoanResult } from './loan-result';
import { ResultError } from './result-panel';
import styles from './tools.module.css';

const toOptions = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** Tab 1, 房贷计算器: full payment or commercial / provident-fund / combined loan (spec 3 §4). */
export function LoanCalculator() {
  const { initialValues, writeValues } = useUrlForm(LOAN_FORM_DEFAULTS);
  const [form] = Form.useForm<LoanFormValues>();
  const watched = Form.useWatch([], { form, preserve: true }) as LoanFormValues | undefined;
  const values = { ...initialValues, ...watched };
  const [outcome, setOutcome] = useState<CalcOutcome<LoanCalcResult> | null>(null);

  const allValues = (): LoanFormValues => ({ ...initialValues, ...form.getFieldsValue(true) });
  const calculate = () => setOutcome(calculateLoan(loanInputFromForm(allValues())));
  const handleValuesChange = (changed: Partial<LoanFormValues>) => {
    writeValues(allValues());
    if (changed.repaymentMethod && outcome) calculate();
  };
  const handleReset = () => {
    form.setFieldsValue(LOAN_FORM_DEFAULTS);
    writeValues(LOAN_FORM_DEFAULTS);
    setOutcome(null);
  };

  const totalFen = priceTimesAreaFen(toNumber(values.unitPrice), toNumber(values.area));
  const isLoan = values.paymentType === 'loan';
  const isCombined = values.loanType === 'combined';

  return (
    <div className={styles.calculator}>
      <Form
        form={form}
        initialValues={initialValues}
        onValuesChange={handleValuesChange}
        onFinish={calculate}
        labelCol={{ flex: '130px' }}
        labelWrap
        className={styles.form}
      >
        <Form.Item name="paymentType" label="付款方式">
          <Radio.Group
            options={[
              { value: 'loan', label: '贷款' },
              { value: 'full', label: '全款' },
            ]}
          />
        </Form.Item>
        <NumberField name="unitPrice" label="单价" unit="元/㎡" />
        <NumberField name="area" label="面积" unit="㎡" />
        <ComputedField label="房屋总价" value={`${formatFen(totalFen)} 元`} />
        <ComputedField
          label={`财政补贴（${FISCAL_SUBSIDY_RULES.ratePct}%）`}
          value={`${formatFen(percentOfFen(totalFen, FISCAL_SUBSIDY_RULES.ratePct))} 元`}
        />
        <NumberField name="otherSubsidy" label="其他补贴" unit="元" />
        {isLoan && (
          <>
            <Form.Item name="loanType" label="贷款类型">
              <Radio.Group options={toOptions(LOAN_TYPE_LABEL)} />
            </Form.Item>
            <Form.Item name="repaymentMethod" label="还款方式">
              <Radio.Group options={toOptions(REPAYMENT_METHOD_LABEL)} />
            </Form.Item>
            {values.loanType !== 'provident' && (
              <CommercialFields values={values} isCombined={isCombined} />
            )}
            {values.loanType !== 'commercial' && (
              <ProvidentFields values={values} isCombined={isCombined} />
            )}
          </>
        )}
        <CalculatorActions onReset={handleReset} />
      </Form>
      {outcome && !outcome.ok && <ResultError message={outcome.error} />}
      {outcome?.ok && <LoanResult result={outcome.value} />}
    </div>
  );
}
