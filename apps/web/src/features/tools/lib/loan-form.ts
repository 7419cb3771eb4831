import {
  CURRENT_PROVIDENT,
  LOAN_AMOUNT_LIMITS,
  LOAN_AMOUNT_WARNING,
  SHORT_TERM_MAX_YEARS,
  lprForYears,
} from '@portal/shared/constants/loan-rates';
import { LOAN_DEFAULTS, PROVIDENT_LIMIT_RULES } from '@portal/shared/constants/rates';
import { resolveCommercialRatePct, type RepaymentMethod } from '@portal/shared/domain/loan';
import type {
  LoanCalcInput,
  LoanCalcMode,
  LoanType,
  PaymentType,
} from '@portal/shared/domain/loan-calculator';
import {
  FEN_PER_WAN,
  percentOfFen,
  priceTimesAreaFen,
  wanToFen,
  yuanToFen,
} from '@portal/shared/domain/money';
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

/** Warnings under the loan tab's amount fields; they never stop the calculation. */
export interface LoanAmountWarnings {
  /** Under 贷款总额 / 商业贷款金额 (按贷款总额) or the computed 贷款总额 (按房价). */
  loan?: string;
  /** Under 公积金贷款金额. */
  provident?: string;
}

const PROVIDENT_CAP_FEN = PROVIDENT_LIMIT_RULES.capFirstPurchase * 100;

/** The provident-fund warning: above the city's ceiling for one household. */
export const PROVIDENT_AMOUNT_WARNING = `公积金贷款金额超过本市最高贷款额度${PROVIDENT_LIMIT_RULES.capFirstPurchase / 10_000}万元，请核实金额`;

/**
 * Amounts beyond what any bank lends (docs/product/loan-rates.md): a loan above
 * LOAN_AMOUNT_LIMITS.maxLoanWan, or a provident-fund part above the fund's ceiling.
 */
export function loanAmountWarnings(values: LoanFormValues): LoanAmountWarnings {
  if (values.paymentType !== 'loan') return {};
  const maxFen = LOAN_AMOUNT_LIMITS.maxLoanWan * FEN_PER_WAN;
  const providentFen = wanToFen(toNumber(values.totalLoan_HPF));
  const hasProvidentField =
    values.loanType === 'combined' || (values.loanType === 'provident' && !isByPrice(values));
  const commercialFen = values.loanType === 'provident' ? 0 : wanToFen(toNumber(values.totalLoan));
  const loanFen = isByPrice(values)
    ? loanByPriceFenOf(values)
    : commercialFen + (hasProvidentField ? providentFen : 0);
  return {
    loan: loanFen > maxFen ? LOAN_AMOUNT_WARNING : undefined,
    provident:
      hasProvidentField && providentFen > PROVIDENT_CAP_FEN ? PROVIDENT_AMOUNT_WARNING : undefined,
  };
}

/**
 * When a term crosses five years, a rate still at the table's value for the old term follows the
 * table to the new term (one-year LPR ↔ five-year LPR; provident ≤5 ↔ >5 years, same home);
 * a rate the buyer typed or chose otherwise is kept.
 */
export function ratesForNewTerms(
  before: LoanFormValues,
  after: LoanFormValues,
): Partial<LoanFormValues> {
  const patch: Partial<LoanFormValues> = {};
  const oldYears = toNumber(before.mortgageYears);
  const newYears = toNumber(after.mortgageYears);
  if (oldYears !== newYears && toNumber(after.LPR) === lprForYears(oldYears)) {
    patch.LPR = String(lprForYears(newYears));
  }
  const oldHpf = toNumber(before.mortgageYears_HPF) <= SHORT_TERM_MAX_YEARS;
  const newHpf = toNumber(after.mortgageYears_HPF) <= SHORT_TERM_MAX_YEARS;
  if (oldHpf !== newHpf) {
    const rate = toNumber(after.interestRate_HPF);
    for (const home of [CURRENT_PROVIDENT.firstHome, CURRENT_PROVIDENT.secondHome]) {
      const from = oldHpf ? home.upToFiveYearsPct : home.overFiveYearsPct;
      const to = newHpf ? home.upToFiveYearsPct : home.overFiveYearsPct;
      if (rate === from) patch.interestRate_HPF = String(to);
    }
  }
  return patch;
}
