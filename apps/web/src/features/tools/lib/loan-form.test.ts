import { calculateLoan } from '@portal/shared/domain/loan-calculator';
import { describe, expect, it } from 'vitest';
import {
  LOAN_FORM_DEFAULTS,
  commercialRateOf,
  isByPrice,
  loanByPriceFenOf,
  loanInputFromForm,
} from './loan-form';

describe('loan form', () => {
  it('defaults to 按房价, 30 % down, LPR 3.6 % + 0 bp over 20 years', () => {
    expect(isByPrice(LOAN_FORM_DEFAULTS)).toBe(true);
    expect(commercialRateOf(LOAN_FORM_DEFAULTS)).toBe(3.6);
    const input = loanInputFromForm(LOAN_FORM_DEFAULTS);
    expect(input).toMatchObject({ mode: 'price', downPaymentPct: 30 });
    expect(input.commercial.years).toBe(20);
  });

  it('按贷款总额: 100 万元 / 30 years / 4.9 % computes with no price', () => {
    const input = loanInputFromForm({
      ...LOAN_FORM_DEFAULTS,
      typer: 'amount',
      totalLoan: '100',
      mortgageYears: '30',
      rateType: '2',
    });
    expect(input).toMatchObject({ mode: 'amount', commercialFen: 100_000_000 });
    expect(input.commercial).toEqual({ years: 30, annualPct: 4.9 });
    const outcome = calculateLoan(input);
    expect(outcome.ok && outcome.value.schedule?.totalInterestFen).toBe(91_061_619);
  });

  it('按房价: the loan is the price less the down payment', () => {
    const values = { ...LOAN_FORM_DEFAULTS, unitPrice: '9800', area: '89.5' };
    expect(loanByPriceFenOf(values)).toBe(61_397_000);
    expect(loanByPriceFenOf({ ...values, downPaymentPct: '20' })).toBe(70_168_000);
  });

  it('full payment always works from the price', () => {
    expect(isByPrice({ ...LOAN_FORM_DEFAULTS, paymentType: 'full', typer: 'amount' })).toBe(true);
  });

  it('LPR − 30 bp gives 3.3 %', () => {
    expect(commercialRateOf({ ...LOAN_FORM_DEFAULTS, basePoint_of_LPR: '-30' })).toBe(3.3);
  });
});
