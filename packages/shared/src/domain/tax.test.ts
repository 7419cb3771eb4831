import { describe, expect, it } from 'vitest';
import { calculateTax, deedTaxPct, maintenanceFundFen, type TaxInput } from './tax';

/**
 * Figures computed by hand from the rules in docs/product/calculators.md; no published worked
 * example was checked.
 */
describe('deed tax rates', () => {
  it.each([
    // property, area ㎡, category, rule set, rate %
    ['first', 90, 'residential', '2024-12-01', 1],
    ['first', 140, 'residential', '2024-12-01', 1],
    ['first', 140.01, 'residential', '2024-12-01', 1.5],
    ['second', 140, 'residential', '2024-12-01', 1],
    ['second', 140.01, 'residential', '2024-12-01', 2],
    ['third', 60, 'residential', '2024-12-01', 3],
    ['first', 60, 'nonResidential', '2024-12-01', 3],
    ['first', 90, 'residential', '2016-02-22', 1],
    ['first', 90.01, 'residential', '2016-02-22', 1.5],
    ['second', 90, 'residential', '2016-02-22', 1],
    ['second', 90.01, 'residential', '2016-02-22', 2],
    ['third', 200, 'residential', '2016-02-22', 3],
  ] as const)('%s home, %s ㎡, %s, rules %s → %s %%', (property, area, type, rules, pct) => {
    expect(deedTaxPct(property, area, type, rules)).toBe(pct);
  });

  it('defaults to the rules in force from 2024-12-01', () => {
    expect(deedTaxPct('first', 120, 'residential')).toBe(1);
  });
});

describe('maintenance fund', () => {
  it.each([
    [100, true, 1_200_000],
    [100, false, 750_000],
    [89.57, true, 1_074_840],
    [89.57, false, 671_775],
  ])('%s ㎡, lift %s → %s 分', (area, hasLift, fen) => {
    expect(maintenanceFundFen(area, hasLift)).toBe(fen);
  });
});

const NEW_HOME: TaxInput = {
  buyType: 'new',
  property: 'first',
  houseType: 'residential',
  unitPrice: 10_000,
  area: 100,
  hasLift: true,
};

const SECOND_HAND: TaxInput = {
  ...NEW_HOME,
  buyType: 'secondHand',
  holding: 'under2',
  originalPrice: 800_000,
  sellerNature: 'onlyHome',
};

function run(input: TaxInput) {
  const outcome = calculateTax(input);
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.value;
}

describe('tax and fees', () => {
  it('new home 100 ㎡ at 10,000 元/㎡, first home, lift', () => {
    expect(run(NEW_HOME)).toEqual({
      totalPriceFen: 100_000_000,
      maintenanceFundFen: 1_200_000,
      deedTaxPct: 1,
      deedTaxFen: 1_000_000,
      addedTaxFen: 0,
      personalTaxFen: 0,
      totalTaxAndFeesFen: 2_200_000,
    });
  });

  it('new home 150 ㎡ second home: 2 % of 1,500,000', () => {
    expect(run({ ...NEW_HOME, area: 150, property: 'second' }).deedTaxFen).toBe(3_000_000);
  });

  it('second-hand residential under 2 years: VAT 1,000,000 / 1.05 × 5 % = 47,619.05', () => {
    expect(run(SECOND_HAND)).toMatchObject({ addedTaxFen: 4_761_905, personalTaxFen: 1_000_000 });
  });

  it.each([
    ['from2To5', 'onlyHome', 0, 1_000_000],
    ['over5', 'onlyHome', 0, 0],
    ['over5', 'notOnlyHome', 0, 1_000_000],
    ['under2', 'notOnlyHome', 4_761_905, 1_000_000],
  ] as const)(
    'residential held %s, seller %s: VAT %s, income tax %s',
    (holding, seller, vat, pit) => {
      expect(run({ ...SECOND_HAND, holding, sellerNature: seller })).toMatchObject({
        addedTaxFen: vat,
        personalTaxFen: pit,
      });
    },
  );

  it('non-residential taxes the gain: VAT 200,000 / 1.05 × 5 %, income tax 20 %', () => {
    expect(run({ ...SECOND_HAND, houseType: 'nonResidential', holding: 'over5' })).toMatchObject({
      deedTaxPct: 3,
      deedTaxFen: 3_000_000,
      addedTaxFen: 952_381,
      personalTaxFen: 4_000_000,
    });
  });

  it('non-residential sold at a loss pays no VAT or income tax', () => {
    expect(
      run({ ...SECOND_HAND, houseType: 'nonResidential', originalPrice: 1_200_000 }),
    ).toMatchObject({ addedTaxFen: 0, personalTaxFen: 0 });
  });

  it('second-hand needs the holding period and original price', () => {
    expect(calculateTax({ ...SECOND_HAND, holding: undefined })).toEqual({
      ok: false,
      error: '请选择几年内转让',
    });
    expect(calculateTax({ ...SECOND_HAND, originalPrice: undefined })).toEqual({
      ok: false,
      error: '请填写原购房价格',
    });
  });
});
