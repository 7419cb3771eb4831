import { LOAN_DEFAULTS } from '@portal/shared/constants/rates';
import { resolveCommercialRatePct, type RepaymentMethod } from '@portal/shared/domain/loan';
import type {
  LoanCalcInput,
  LoanCalcMode,
  LoanType,
  PaymentType,
} from '@portal/shared/domain/loan-calculator';
import { percentOfFen, priceTimesAreaFen, wanToFen, yuanToFen } from '@portal/shared/domain/money';
import { toNumber } from './sanitise';

/**
 * The loan tab's fields, named as in docs/product/calculators.md, with their defaults. `typer` is
 * the calculation mode (按房价 `price` / 按贷款总额 `amount`); `totalLoan` and `totalLoan_HPF` are
 * the commercial and provident-fund amounts in 万元.
 */
export const LOAN_FORM_DEFAULTS = {
  paymentType: 'loan',
  typer: 'price',
  unitPrice: '',
  area: '',
  downPaymentPct: String(LOAN_DEFAULTS.downPaymentPct),
  otherSubsidy: '',
  loanType: 'commercial',
  repaymentMethod: 'equalInstalment',
  totalLoan: '',
  mortgageYears: String(LOAN_DEFAULTS.years),
  rateType: '1',
  LPR: String(LOAN_DEFAULTS.lprPct),
  basePoint_of_LPR: String(LOAN_DEFAULTS.basePoint),
  interestRate: String(LOAN_DEFAULTS.commercialBenchmarkPct),
  manual_times_of_interestRate: String(LOAN_DEFAULTS.multiplier),
  totalLoan_HPF: '',
  mortgageYears_HPF: String(LOAN_DEFAULTS.years),
  interestRate_HPF: String(LOAN_DEFAULTS.providentPct),
  manual_times_of_interestRate_HPF: String(LOAN_DEFAULTS.multiplier),
};

export type LoanFormValues = typeof LOAN_FORM_DEFAULTS;

/** True when the form works from the price: full payment, or a loan 按房价. */
export function isByPrice(values: LoanFormValues): boolean {
  return values.paymentType === 'full' || values.typer !== 'amount';
}

/** Commercial rate % the form resolves to: LPR + basis points, or benchmark × multiplier. */
export function commercialRateOf(values: LoanFormValues): number {
  return values.rateType === '1'
    ? resolveCommercialRatePct({
        rateType: 'lpr',
        lprPct: toNumber(values.LPR),
        basePoint: toNumber(values.basePoint_of_LPR),
      })
    : resolveCommercialRatePct({
        rateType: 'benchmark',
        benchmarkPct: toNumber(values.interestRate),
        multiplier: toNumber(values.manual_times_of_interestRate),
      });
}

/** Provident-fund rate %: the chosen rate × multiplier. */
export function providentRateOf(values: LoanFormValues): number {
  return resolveCommercialRatePct({
    rateType: 'benchmark',
    benchmarkPct: toNumber(values.interestRate_HPF),
    multiplier: toNumber(values.manual_times_of_interestRate_HPF),
  });
}

/** Total price in 分 of the price fields as typed. */
export function totalPriceFenOf(values: LoanFormValues): number {
  return priceTimesAreaFen(toNumber(values.unitPrice), toNumber(values.area));
}

/** The loan 按房价, in 分: total price × (100 − 首付比例) %. */
export function loanByPriceFenOf(values: LoanFormValues): number {
  return percentOfFen(totalPriceFenOf(values), 100 - toNumber(values.downPaymentPct));
}

/** Form text → the shared calculator's input (万元 → 分, 元 → 分, years as numbers). */
export function loanInputFromForm(values: LoanFormValues): LoanCalcInput {
  return {
    paymentType: values.paymentType as PaymentType,
    mode: (values.typer === 'amount' ? 'amount' : 'price') as LoanCalcMode,
    unitPrice: toNumber(values.unitPrice),
    area: toNumber(values.area),
    downPaymentPct: toNumber(values.downPaymentPct),
    otherSubsidyFen: yuanToFen(toNumber(values.otherSubsidy)),
    loanType: values.loanType as LoanType,
    repaymentMethod: values.repaymentMethod as RepaymentMethod,
    commercialFen: wanToFen(toNumber(values.totalLoan)),
    providentFen: wanToFen(toNumber(values.totalLoan_HPF)),
    commercial: { years: toNumber(values.mortgageYears), annualPct: commercialRateOf(values) },
    provident: { years: toNumber(values.mortgageYears_HPF), annualPct: providentRateOf(values) },
  };
}
