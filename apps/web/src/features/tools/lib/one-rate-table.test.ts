import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CURRENT_LPR,
  CURRENT_PROVIDENT,
  LPR_HISTORY,
  OLD_BENCHMARK,
  PROVIDENT_HISTORY,
  ROOM_SHEET_LOAN,
} from '@portal/shared/constants/loan-rates';
import {
  COMMERCIAL_RATE_PRESETS,
  EARLY_REPAYMENT_DEFAULTS,
  EARLY_REPAYMENT_RATE_SETS,
  LOAN_DEFAULTS,
  PROVIDENT_RATE_PRESETS,
} from '@portal/shared/constants/rates';
import { describe, expect, it } from 'vitest';
import { LOAN_FORM_DEFAULTS } from './loan-form';

/**
 * One source for rates (docs/product/loan-rates.md): every default rate of the calculators and
 * of a room's sheet is a figure of the dated table, and no calculator file writes a rate itself.
 */
const here = fileURLToPath(import.meta.url);
const repo = resolve(dirname(here), '../../../../../..');

/** Every rate of the table, and the stale figures the calculators once carried. */
const tableRates = [
  ...LPR_HISTORY.flatMap((r) => [r.oneYearPct, r.overFiveYearsPct]),
  ...PROVIDENT_HISTORY.flatMap((r) => [
    r.firstHome.upToFiveYearsPct,
    r.firstHome.overFiveYearsPct,
    r.secondHome.upToFiveYearsPct,
    r.secondHome.overFiveYearsPct,
  ]),
  ...Object.values(OLD_BENCHMARK.commercial),
  ...Object.values(OLD_BENCHMARK.provident),
];
const STALE = [4.05, 3.78, 4.23, 4.77, 4.65, 4.66, 6.86, 5.88, 5.39, 3.9, 3.58];
const RATE_LITERAL = new RegExp(
  `(?<![\\d.])(${[...new Set([...tableRates, ...STALE])]
    .filter((rate) => !Number.isInteger(rate))
    .map((rate) => String(rate).replace('.', '\\.'))
    .join('|')})(?![\\d])`,
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The code of a file without its comments (comments may quote a worked example's rate). */
function code(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');
}

describe('one source for rates', () => {
  it('every default rate of the calculators is a figure of the dated table', () => {
    expect(LOAN_DEFAULTS.lprPct).toBe(CURRENT_LPR.overFiveYearsPct);
    expect(LOAN_DEFAULTS.providentPct).toBe(CURRENT_PROVIDENT.firstHome.overFiveYearsPct);
    expect(LOAN_DEFAULTS.commercialBenchmarkPct).toBe(OLD_BENCHMARK.commercial.overFiveYearsPct);
    expect(LOAN_FORM_DEFAULTS.LPR).toBe(String(CURRENT_LPR.overFiveYearsPct));
    expect(LOAN_FORM_DEFAULTS.interestRate_HPF).toBe(
      String(CURRENT_PROVIDENT.firstHome.overFiveYearsPct),
    );
    expect(LOAN_FORM_DEFAULTS.interestRate).toBe(String(OLD_BENCHMARK.commercial.overFiveYearsPct));
    const defaultSet = EARLY_REPAYMENT_RATE_SETS.find(
      (set) => set.code === EARLY_REPAYMENT_DEFAULTS.rateCode,
    );
    expect(defaultSet).toMatchObject({
      effectiveFrom: CURRENT_LPR.effectiveFrom,
      commercial: { upTo5Years: CURRENT_LPR.oneYearPct, over5Years: CURRENT_LPR.overFiveYearsPct },
      provident: {
        upTo5Years: CURRENT_PROVIDENT.firstHome.upToFiveYearsPct,
        over5Years: CURRENT_PROVIDENT.firstHome.overFiveYearsPct,
      },
    });
    expect(ROOM_SHEET_LOAN.ratePct).toBe(CURRENT_LPR.overFiveYearsPct);
    expect(PROVIDENT_RATE_PRESETS.map((p) => p.ratePct)).toEqual([
      CURRENT_PROVIDENT.firstHome.overFiveYearsPct,
      CURRENT_PROVIDENT.firstHome.upToFiveYearsPct,
      CURRENT_PROVIDENT.secondHome.overFiveYearsPct,
      CURRENT_PROVIDENT.secondHome.upToFiveYearsPct,
    ]);
    expect(COMMERCIAL_RATE_PRESETS[0]).toEqual({
      label: '基准利率',
      ratePct: OLD_BENCHMARK.commercial.overFiveYearsPct,
    });
  });

  it('the rates in force are those of 2025-05-20 (LPR) and 2025-05-08 (公积金)', () => {
    expect(CURRENT_LPR).toEqual({
      effectiveFrom: '2025-05-20',
      oneYearPct: 3,
      overFiveYearsPct: 3.5,
    });
    expect(CURRENT_PROVIDENT).toEqual({
      effectiveFrom: '2025-05-08',
      firstHome: { upToFiveYearsPct: 2.1, overFiveYearsPct: 2.6 },
      secondHome: { upToFiveYearsPct: 2.525, overFiveYearsPct: 3.075 },
    });
  });

  it('no calculator file writes a rate of its own', () => {
    const files = [
      ...sourceFiles(join(repo, 'apps/web/src/features/tools')),
      ...sourceFiles(join(repo, 'apps/web/src/features/building-table')),
      join(repo, 'packages/shared/src/constants/rates.ts'),
      ...sourceFiles(join(repo, 'packages/shared/src/domain')),
    ];
    expect(files.length).toBeGreaterThan(30);
    const offenders = files
      .filter((path) => RATE_LITERAL.test(code(path)))
      .map((path) => `${relative(repo, path)}: ${RATE_LITERAL.exec(code(path))?.[0]}`);
    expect(offenders).toEqual([]);
  });

  it('the check would catch a rate written into a calculator', () => {
    expect(RATE_LITERAL.test("LPR: '3.6',")).toBe(true);
    expect(RATE_LITERAL.test('providentPct: 3.25,')).toBe(true);
    expect(RATE_LITERAL.test('downPaymentPct: 30, area: 89.5')).toBe(false);
  });
});
