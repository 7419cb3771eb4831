import {
  COMMERCIAL_RATE_PRESETS,
  LOAN_YEAR_OPTIONS,
  PROVIDENT_RATE_PRESETS,
} from '@portal/shared/constants/rates';
import { formatFen, wanToFen } from '@portal/shared/domain/money';
import { Form, Radio, Select } from 'antd';
import {
  type LoanFormValues,
  commercialRateOf,
  isByPrice,
  loanAmountWarnings,
  loanByPriceFenOf,
  providentRateOf,
} from '../lib/loan-form';
import { toNumber } from '../lib/sanitise';
import { ComputedField, fieldWarnings, NumberField, sanitiseSigned } from './form-controls';

const YEAR_OPTIONS = LOAN_YEAR_OPTIONS.map((y) => ({ value: String(y), label: `${y}年` }));
const presetOptions = (presets: ReadonlyArray<{ label: string; ratePct: number }>) =>
  presets.map((p) => ({ value: String(p.ratePct), label: `${p.ratePct}%（${p.label}）` }));

interface PartProps {
  values: LoanFormValues;
}

/** The commercial amount: typed 按贷款总额; 按房价 it is the loan (less the provident part). */
function CommercialAmount({ values }: PartProps) {
  const isCombined = values.loanType === 'combined';
  if (!isByPrice(values)) {
    return (
      <NumberField
        name="totalLoan"
        label={isCombined ? '商业贷款金额' : '贷款总额'}
        unit="万元"
        sanitise={{ maxIntegerDigits: 5 }}
        extra={fieldWarnings(loanAmountWarnings(values).loan)}
      />
    );
  }
  if (!isCombined) return null;
  const restFen = loanByPriceFenOf(values) - wanToFen(toNumber(values.totalLoan_HPF));
  return <ComputedField label="商业贷款金额" value={`${formatFen(Math.max(0, restFen))} 元`} />;
}

/** Amount, term and rate of the commercial part (LPR + bp, or benchmark × multiplier). */
export function CommercialFields({ values }: PartProps) {
  const isCombined = values.loanType === 'combined';
  return (
    <fieldset aria-label="商业贷款">
      <CommercialAmount values={values} />
      <Form.Item name="mortgageYears" label={isCombined ? '商贷年限' : '贷款年限'}>
        <Select
          options={YEAR_OPTIONS}
          showSearch={{ optionFilterProp: 'label' }}
          aria-label="商贷年限"
        />
      </Form.Item>
      <Form.Item name="rateType" label="利率方式">
        <Radio.Group
          options={[
            { value: '1', label: '最新LPR' },
            { value: '2', label: '旧版基准利率' },
          ]}
        />
      </Form.Item>
      {values.rateType === '1' ? (
        <>
          <NumberField name="LPR" label="LPR" unit="%" sanitise={{ maxIntegerDigits: 2 }} />
          <NumberField
            name="basePoint_of_LPR"
            label="基点"
            unit="BP（1BP=0.01%）"
            normalize={sanitiseSigned}
          />
        </>
      ) : (
        <>
          <Form.Item name="interestRate" label="基准利率">
            <Select options={presetOptions(COMMERCIAL_RATE_PRESETS)} aria-label="基准利率" />
          </Form.Item>
          <NumberField
            name="manual_times_of_interestRate"
            label="利率倍数"
            unit="倍"
            sanitise={{ maxIntegerDigits: 1 }}
          />
        </>
      )}
      <ComputedField label="商贷执行利率" value={`${commercialRateOf(values)}%`} />
    </fieldset>
  );
}

/** Amount, term and rate (preset × multiplier) of the provident-fund part. */
export function ProvidentFields({ values }: PartProps) {
  const isCombined = values.loanType === 'combined';
  const hasAmountField = isCombined || !isByPrice(values);
  return (
    <fieldset aria-label="公积金贷款">
      {hasAmountField && (
        <NumberField
          name="totalLoan_HPF"
          label={isCombined ? '公积金贷款金额' : '贷款总额'}
          unit="万元"
          sanitise={{ maxIntegerDigits: 5 }}
          extra={fieldWarnings(
            isCombined ? undefined : loanAmountWarnings(values).loan,
            loanAmountWarnings(values).provident,
          )}
        />
      )}
      <Form.Item name="mortgageYears_HPF" label={isCombined ? '公积金年限' : '贷款年限'}>
        <Select
          options={YEAR_OPTIONS}
          showSearch={{ optionFilterProp: 'label' }}
          aria-label="公积金年限"
        />
      </Form.Item>
      <Form.Item name="interestRate_HPF" label="公积金利率">
        <Select options={presetOptions(PROVIDENT_RATE_PRESETS)} aria-label="公积金利率" />
      </Form.Item>
      <NumberField
        name="manual_times_of_interestRate_HPF"
        label="公积金利率倍数"
        unit="倍"
        sanitise={{ maxIntegerDigits: 1 }}
      />
      <ComputedField label="公积金执行利率" value={`${providentRateOf(values)}%`} />
    </fieldset>
  );
}
