import { calculateLoan } from '@portal/shared/domain/loan-calculator';
import { describe, expect, it } from 'vitest';
import { LOAN_FORM_DEFAULTS, commercialRateOf, loanInputFromForm } from './loan-form';

describe('loan form', () => {
  it('defaults to LPR 3.6 % + 0 bp over 20 years', () => {
    expect(commercialRateOf(LOAN_FORM_DEFAULTS)).toBe(3.6);
    expect(loanInputFromForm(LOAN_FORM_DEFAULTS).commercial.years).toBe(20);
  });

  it('turns 万元 into 分 and computes 1,000,000 元 / 30 years / 4.9 %', () => {
    const input = loanInputFromForm({
      ...LOAN_FORM_DEFAULTS,
      unitPrice: '15000',
      area: '100',
      totalLoan: '100',
      mortgageYears: '30',
      rateType: '2',
    });
    expect(input.commercial).toEqual({ amountFen: 100_000_000, years: 30, annualPct: 4.9 });
    const outcome = calculateLoan(input);
    expect(outcome.ok && outcome.value.schedule?.firstPaymentFen).toBe(530_727);
  });

  it('LPR − 30 bp gives 3.3 %', () => {
    expect(commercialRateOf({ ...LOAN_FORM_DEFAULTS, basePoint_of_LPR: '-30' })).toBe(3.3);
  });
});
