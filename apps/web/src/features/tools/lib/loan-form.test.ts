import {
  CURRENT_LPR,
  CURRENT_PROVIDENT,
  LOAN_AMOUNT_WARNING,
  OLD_BENCHMARK,
} from '@portal/shared/constants/loan-rates';
import { calculateLoan } from '@portal/shared/domain/loan-calculator';
import { describe, expect, it } from 'vitest';
import {
  LOAN_FORM_DEFAULTS,
  commercialRateOf,
  isByPrice,
  loanByPriceFenOf,
  loanAmountWarnings,
  loanInputFromForm,
  PROVIDENT_AMOUNT_WARNING,
  providentRateOf,
  ratesForNewTerms,
} from './loan-form';

describe('loan form', () => {
  it('defaults to 按房价, 30 % down, the five-year LPR in force + 0 bp over 20 years', () => {
    expect(isByPrice(LOAN_FORM_DEFAULTS)).toBe(true);
    expect(commercialRateOf(LOAN_FORM_DEFAULTS)).toBe(3.5);
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

  it('LPR − 30 bp gives 3.2 %', () => {
    expect(commercialRateOf({ ...LOAN_FORM_DEFAULTS, basePoint_of_LPR: '-30' })).toBe(3.2);
  });
});

describe('every default rate of the loan tab comes from the one dated table', () => {
  it('LPR, old benchmark and provident-fund defaults are the table’s figures', () => {
    expect(LOAN_FORM_DEFAULTS.LPR).toBe(String(CURRENT_LPR.overFiveYearsPct));
    expect(LOAN_FORM_DEFAULTS.interestRate).toBe(String(OLD_BENCHMARK.commercial.overFiveYearsPct));
    expect(LOAN_FORM_DEFAULTS.interestRate_HPF).toBe(
      String(CURRENT_PROVIDENT.firstHome.overFiveYearsPct),
    );
    expect(commercialRateOf(LOAN_FORM_DEFAULTS)).toBe(CURRENT_LPR.overFiveYearsPct);
    expect(providentRateOf(LOAN_FORM_DEFAULTS)).toBe(CURRENT_PROVIDENT.firstHome.overFiveYearsPct);
  });

  it('a term of five years or less follows the table to the one-year LPR and the short provident rate', () => {
    const before = LOAN_FORM_DEFAULTS;
    const after = { ...before, mortgageYears: '5', mortgageYears_HPF: '3' };
    expect(ratesForNewTerms(before, after)).toEqual({
      LPR: String(CURRENT_LPR.oneYearPct),
      interestRate_HPF: String(CURRENT_PROVIDENT.firstHome.upToFiveYearsPct),
    });
    // A rate the buyer typed is kept.
    expect(ratesForNewTerms(before, { ...after, LPR: '3.85', interestRate_HPF: '3' })).toEqual({});
  });
});

describe('amounts beyond what a bank lends', () => {
  const amount = { ...LOAN_FORM_DEFAULTS, typer: 'amount' };

  it('warns about a 6亿 loan and stays quiet about a 100 万元 one', () => {
    expect(loanAmountWarnings({ ...amount, totalLoan: '60000' }).loan).toBe(LOAN_AMOUNT_WARNING);
    expect(LOAN_AMOUNT_WARNING).toBe(
      '贷款金额超过3000万元，超出银行个人住房贷款的一般额度，请核实金额',
    );
    expect(loanAmountWarnings({ ...amount, totalLoan: '3000' })).toEqual({
      loan: undefined,
      provident: undefined,
    });
  });

  it('warns about a loan by price above the ceiling and a provident part above the fund’s ceiling', () => {
    const byPrice = { ...LOAN_FORM_DEFAULTS, unitPrice: '500000', area: '100' };
    expect(loanAmountWarnings(byPrice).loan).toBe(LOAN_AMOUNT_WARNING);
    const combined = { ...amount, loanType: 'combined', totalLoan: '100', totalLoan_HPF: '61' };
    expect(loanAmountWarnings(combined).provident).toBe(PROVIDENT_AMOUNT_WARNING);
    expect(PROVIDENT_AMOUNT_WARNING).toBe('公积金贷款金额超过本市最高贷款额度60万元，请核实金额');
  });
});
