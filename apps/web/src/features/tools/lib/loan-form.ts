import { LOAN_DEFAULTS } from '@portal/shared/constants/rates';
import { resolveCommercialRatePct, type RepaymentMethod } from '@portal/shared/domain/loan';
import type { LoanCalcInput, LoanType, PaymentType } from '@portal/shared/domain/loan-calculator';
import { wanToFen, yuanToFen } from '@portal/shared/domain/money';
import { toNumber } from './sanitise';

/** The loan tab's fields with the spec's names (spec 3 §3) and defaults (spec 3 §9). */
export const LOAN_FORM_DEFAULTS = {
  paymentType: 'loan',
  unitPrice: '',
  area: '',
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

function amountOf(wanText: string): number | undefined {
  return wanText.trim() === '' ? undefined : wanToFen(toNumber(wanText));
}

/** Form text → the shared calculator's input (万元 → 分, 元 → 分, years as numbers). */
export function loanInputFromForm(values: LoanFormValues): LoanCalcInput {
  return {
    unitPrice: toNumber(values.unitPrice),
    area: toNumber(values.area),
    otherSubsidyFen: yuanToFen(toNumber(values.otherSubsidy)),
    paymentType: values.paymentType as PaymentType,
    loanType: values.loanType as LoanType,
    repaymentMethod: values.repaymentMethod as RepaymentMethod,
    commercial: {
      amountFen: amountOf(values.totalLoan),
      years: toNumber(values.mortgageYears),
      annualPct: commercialRateOf(values),
    },
    provident: {
      amountFen: amountOf(values.totalLoan_HPF),
      years: toNumber(values.mortgageYears_HPF),
      annualPct: providentRateOf(values),
    },
  };
}
