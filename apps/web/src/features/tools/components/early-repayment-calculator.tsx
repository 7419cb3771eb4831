import { LOAN_AMOUNT_LIMITS, LOAN_AMOUNT_WARNING } from '@portal/shared/constants/loan-rates';
import {
  EARLY_REPAYMENT_DEFAULTS,
  EARLY_REPAYMENT_RATE_SETS,
} from '@portal/shared/constants/rates';
import {
  CUSTOM_RATE_CODE,
  EARLY_REPAYMENT_MESSAGES,
  type EarlyRepaymentResult,
  type YearMonth,
  calculateEarlyRepayment,
} from '@portal/shared/domain/early-repayment';
import { formatFen } from '@portal/shared/domain/money';
import { Form, Radio, Select } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useCalculatorForm } from '../hooks/use-calculator-form';
import { useFormLayout } from '../hooks/use-form-layout';
import {
  ADVANCE_YEAR_OPTIONS,
  TERM_OPTIONS,
  currentYearMonth,
  firstYearOptions,
} from '../lib/options';
import { toNumber } from '../lib/sanitise';
import { CalculatorActions } from './calculator-actions';
import { NumberField, fieldWarnings } from './form-controls';
import { RateBasis } from './rate-tables';
import { ResultError, ResultPanel } from './result-panel';
import styles from './tools.module.css';
import { YearMonthField } from './year-month-field';

const DEFAULTS = {
  loanType: 'commercial',
  originalLoanAmount: '',
  originalLoanYears: String(EARLY_REPAYMENT_DEFAULTS.termMonths),
  interestRate: String(EARLY_REPAYMENT_DEFAULTS.rateCode),
  customRate: '',
  firstPaymentYear: String(currentYearMonth().year),
  firstPaymentMonth: '',
  advancePaymentYear: '',
  advancePaymentMonth: '',
  advancePaymentType: 'full',
  partialPaymentAmount: '',
  processMethod: 'shortenTerm',
};
type Values = typeof DEFAULTS;

const RATE_OPTIONS = [
  ...EARLY_REPAYMENT_RATE_SETS.map((s) => ({ value: s.code, label: s.label, title: s.name })),
  {
    value: CUSTOM_RATE_CODE,
    label: '自定义执行利率（按合同或银行最新执行利率）',
    title: '自定义执行利率',
  },
];
const required = (message: string) => [{ required: true, message }];
const ym = (year: string, month: string): YearMonth => ({
  year: Number(year),
  month: Number(month),
});
const dateText = (d: YearMonth) => `${d.year}年${d.month}月`;

function resultItems(r: EarlyRepaymentResult) {
  const yuan = (label: string, fen: number) => ({ label, value: formatFen(fen), unit: '元' });
  return [
    yuan('原月还款额', r.originalMonthlyFen),
    { label: '原最后还款期', value: dateText(r.originalLastPayment), unit: '' },
    yuan('已还款总额', r.paidAmountFen),
    yuan('已还利息额', r.paidInterestFen),
    yuan('该月一次还款额', r.currentMonthPaymentFen),
    yuan('下月起月还款额', r.nextMonthPaymentFen),
    yuan('节省利息支出', r.savedInterestFen),
    { label: '新的最后还款期', value: dateText(r.newLastPayment), unit: '' },
  ];
}

/** Tab 4, 提前还款计算器 (docs/product/calculators.md). */
export function EarlyRepaymentCalculator() {
  const {
    form,
    initialValues,
    allValues,
    outcome,
    setOutcome,
    result,
    handleValuesChange,
    handleReset,
  } = useCalculatorForm<Values, EarlyRepaymentResult>(DEFAULTS);
  const advanceType = Form.useWatch('advancePaymentType', form) ?? initialValues.advancePaymentType;
  const rateCode = Form.useWatch('interestRate', form) ?? initialValues.interestRate;
  const loanWan = Form.useWatch('originalLoanAmount', form) ?? initialValues.originalLoanAmount;
  const today = currentYearMonth();
  const formLayout = useFormLayout(150);
  const { message } = useApp();

  const handleFinish = () => {
    const v = allValues();
    const next = calculateEarlyRepayment({
      loanType: v.loanType === 'provident' ? 'provident' : 'commercial',
      originalLoanWan: toNumber(v.originalLoanAmount),
      termMonths: Number(v.originalLoanYears),
      rateCode: v.interestRate,
      customRatePct: toNumber(v.customRate),
      firstPayment: ym(v.firstPaymentYear, v.firstPaymentMonth),
      today,
      advancePayment: ym(v.advancePaymentYear, v.advancePaymentMonth),
      advanceType: v.advancePaymentType === 'partial' ? 'partial' : 'full',
      partialWan: toNumber(v.partialPaymentAmount),
      processMethod: v.processMethod === 'reducePayment' ? 'reducePayment' : 'shortenTerm',
    });
    setOutcome(next);
    // The date conflict is also announced as an error toast (docs/product/calculators.md).
    if (!next.ok && next.error === EARLY_REPAYMENT_MESSAGES.dateConflict) message.error(next.error);
  };

  return (
    <div className={styles.calculator}>
      <RateBasis />
      <Form
        form={form}
        initialValues={initialValues}
        onValuesChange={handleValuesChange}
        onFinish={handleFinish}
        className={styles.form}
        {...formLayout}
      >
        <Form.Item name="loanType" label="贷款类型">
          <Radio.Group
            options={[
              { value: 'commercial', label: '商业贷款' },
              { value: 'provident', label: '公积金贷款' },
            ]}
          />
        </Form.Item>
        <NumberField
          name="originalLoanAmount"
          label="原贷款金额"
          unit="万元"
          sanitise={{ maxIntegerDigits: 5 }}
          rules={required('请输入原贷款金额')}
          extra={fieldWarnings(
            toNumber(loanWan) > LOAN_AMOUNT_LIMITS.maxLoanWan ? LOAN_AMOUNT_WARNING : undefined,
          )}
        />
        <Form.Item name="originalLoanYears" label="原贷款年限" rules={required('请选择原贷款年限')}>
          <Select options={TERM_OPTIONS} aria-label="原贷款年限" />
        </Form.Item>
        <Form.Item name="interestRate" label="利率" rules={required('请选择利率')}>
          <Select options={RATE_OPTIONS} aria-label="利率" />
        </Form.Item>
        {rateCode === CUSTOM_RATE_CODE && (
          <NumberField
            name="customRate"
            label="执行利率"
            unit="%"
            sanitise={{ maxIntegerDigits: 2 }}
            rules={required(EARLY_REPAYMENT_MESSAGES.customRateRequired)}
          />
        )}
        <YearMonthField
          label="第一次还款时间"
          yearName="firstPaymentYear"
          monthName="firstPaymentMonth"
          years={firstYearOptions()}
          yearMessage="请选择第一次还款年份"
          monthMessage="请选择第一次还款月份"
          notAfter={today}
          notAfterMessage={EARLY_REPAYMENT_MESSAGES.firstPaymentFuture}
        />
        <YearMonthField
          label="预计提前还款时间"
          yearName="advancePaymentYear"
          monthName="advancePaymentMonth"
          years={ADVANCE_YEAR_OPTIONS}
          yearMessage="请选择预计提前还款年份"
          monthMessage="请选择预计提前还款月份"
        />
        <Form.Item name="advancePaymentType" label="提前还款方式">
          <Radio.Group
            options={[
              { value: 'full', label: '一次提前还清' },
              { value: 'partial', label: '部分提前还款' },
            ]}
          />
        </Form.Item>
        {advanceType === 'partial' && (
          <>
            <NumberField
              name="partialPaymentAmount"
              label="部分提前还款额"
              unit="万元"
              sanitise={{ maxIntegerDigits: 5 }}
              rules={required('请输入部分提前还款额')}
            />
            <Form.Item name="processMethod" label="处理方式">
              <Radio.Group
                options={[
                  { value: 'shortenTerm', label: '月还款额基本不变，缩短还款期限' },
                  { value: 'reducePayment', label: '还款期限不变，减少月还款额' },
                ]}
              />
            </Form.Item>
          </>
        )}
        <CalculatorActions onReset={handleReset} />
      </Form>
      {outcome && !outcome.ok && <ResultError message={outcome.error} />}
      {result && (
        <ResultPanel
          notices={result.calculationTips ? [result.calculationTips] : []}
          items={resultItems(result)}
        />
      )}
    </div>
  );
}
