import { FISCAL_SUBSIDY_RULES } from '@portal/shared/constants/policy';
import { DOWN_PAYMENT_PCT_OPTIONS } from '@portal/shared/constants/rates';
import { fiscalSubsidyFen } from '@portal/shared/domain/loan-calculator';
import { formatFen } from '@portal/shared/domain/money';
import { Form, Select } from 'antd';
import {
  type LoanFormValues,
  loanAmountWarnings,
  loanByPriceFenOf,
  totalPriceFenOf,
} from '../lib/loan-form';
import { ComputedField, fieldWarnings, NumberField } from './form-controls';

const DOWN_PAYMENT_OPTIONS = DOWN_PAYMENT_PCT_OPTIONS.map((pct) => ({
  value: String(pct),
  label: `${pct}%`,
}));

/**
 * The price half of the loan tab (按房价 and full payment): unit price × area, the 首付比例 and the
 * loan it leaves, and the subsidies, which are paid after the purchase and never lower the down
 * payment (docs/product/calculators.md).
 */
export function LoanPriceFields({ values }: { values: LoanFormValues }) {
  const totalFen = totalPriceFenOf(values);
  const isLoan = values.paymentType === 'loan';
  const loanFen = loanByPriceFenOf(values);
  return (
    <fieldset aria-label="房价">
      <NumberField name="unitPrice" label="单价" unit="元/㎡" />
      <NumberField name="area" label="面积" unit="㎡" />
      <ComputedField label="房屋总价" value={`${formatFen(totalFen)} 元`} />
      {isLoan && (
        <>
          <Form.Item name="downPaymentPct" label="首付比例">
            <Select options={DOWN_PAYMENT_OPTIONS} aria-label="首付比例" />
          </Form.Item>
          <ComputedField label="首付款" value={`${formatFen(totalFen - loanFen)} 元`} />
          <ComputedField
            label="贷款总额"
            value={`${formatFen(loanFen)} 元`}
            extra={fieldWarnings(loanAmountWarnings(values).loan)}
          />
        </>
      )}
      <ComputedField
        label={`财政补贴（${FISCAL_SUBSIDY_RULES.ratePct}%）`}
        value={`${formatFen(fiscalSubsidyFen(totalFen))} 元（购房后发放）`}
      />
      <NumberField name="otherSubsidy" label="其他补贴" unit="元" />
    </fieldset>
  );
}
