import { REPAYMENT_METHOD_LABEL } from '@portal/shared/domain/loan';
import {
  LOAN_CALC_MODE_LABEL,
  LOAN_TYPE_LABEL,
  calculateLoan,
  type LoanCalcResult,
} from '@portal/shared/domain/loan-calculator';
import type { CalcOutcome } from '@portal/shared/domain/money';
import { Form, Radio } from 'antd';
import { useFormLayout } from '../hooks/use-form-layout';
import { type OutcomeStore, useOutcome, useOutcomeStore } from '../hooks/use-outcome-store';
import { useUrlForm } from '../hooks/use-url-form';
import {
  LOAN_FORM_DEFAULTS,
  type LoanFormValues,
  isByPrice,
  loanInputFromForm,
  ratesForNewTerms,
} from '../lib/loan-form';
import { CalculatorActions } from './calculator-actions';
import { LoanPriceFields } from './loan-price-fields';
import { CommercialFields, ProvidentFields } from './loan-rate-fields';
import { LoanResult } from './loan-result';
import { RateBasis } from './rate-tables';
import { ResultError } from './result-panel';
import styles from './tools.module.css';

const toOptions = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/**
 * Tab 1, 房贷计算器: full payment, or a commercial / provident-fund / combined loan 按房价 or
 * 按贷款总额; every field lives in the URL (docs/product/calculators.md).
 */
export function LoanCalculator() {
  const { initialValues, writeValues } = useUrlForm(LOAN_FORM_DEFAULTS);
  const [form] = Form.useForm<LoanFormValues>();
  const formLayout = useFormLayout(130);
  const watched = Form.useWatch([], { form, preserve: true }) as LoanFormValues | undefined;
  const values = { ...initialValues, ...watched };
  // The outcome is drawn by LoanOutcome alone: a calculation does not draw the form again.
  const outcome = useOutcomeStore<CalcOutcome<LoanCalcResult>>();
  const setOutcome = outcome.set;

  const allValues = (): LoanFormValues => ({ ...initialValues, ...form.getFieldsValue(true) });
  const calculate = () => setOutcome(calculateLoan(loanInputFromForm(allValues())));
  const handleValuesChange = (changed: Partial<LoanFormValues>) => {
    if (changed.mortgageYears || changed.mortgageYears_HPF) {
      const patch = ratesForNewTerms(values, allValues());
      if (Object.keys(patch).length > 0) form.setFieldsValue(patch);
    }
    writeValues(allValues());
    if (changed.repaymentMethod && outcome.get()) calculate();
    else if (changed.paymentType || changed.typer || changed.loanType) setOutcome(null);
  };
  const handleReset = () => {
    form.setFieldsValue(LOAN_FORM_DEFAULTS);
    writeValues(LOAN_FORM_DEFAULTS);
    setOutcome(null);
  };

  const isLoan = values.paymentType === 'loan';

  return (
    <div className={styles.calculator}>
      {isLoan && (
        <RateBasis
          lpr={values.loanType !== 'provident'}
          provident={values.loanType !== 'commercial'}
        />
      )}
      <Form
        form={form}
        initialValues={initialValues}
        onValuesChange={handleValuesChange}
        onFinish={calculate}
        className={styles.form}
        {...formLayout}
      >
        <Form.Item name="paymentType" label="付款方式">
          <Radio.Group
            options={[
              { value: 'loan', label: '贷款' },
              { value: 'full', label: '全款' },
            ]}
          />
        </Form.Item>
        {isLoan && (
          <Form.Item name="typer" label="计算方式">
            <Radio.Group options={toOptions(LOAN_CALC_MODE_LABEL)} />
          </Form.Item>
        )}
        {isByPrice(values) && <LoanPriceFields values={values} />}
        {isLoan && (
          <>
            <Form.Item name="loanType" label="贷款类型">
              <Radio.Group options={toOptions(LOAN_TYPE_LABEL)} />
            </Form.Item>
            <Form.Item name="repaymentMethod" label="还款方式">
              <Radio.Group options={toOptions(REPAYMENT_METHOD_LABEL)} />
            </Form.Item>
            {values.loanType !== 'provident' && <CommercialFields values={values} />}
            {values.loanType !== 'commercial' && <ProvidentFields values={values} />}
          </>
        )}
        <CalculatorActions onReset={handleReset} />
      </Form>
      <LoanOutcome store={outcome} />
    </div>
  );
}

/** The error that stopped the calculation, or its result. */
function LoanOutcome({ store }: { store: OutcomeStore<CalcOutcome<LoanCalcResult>> }) {
  const outcome = useOutcome(store);
  if (!outcome) return null;
  if (!outcome.ok) return <ResultError message={outcome.error} />;
  return <LoanResult result={outcome.value} />;
}
