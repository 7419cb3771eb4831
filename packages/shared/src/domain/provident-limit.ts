/**
 * Provident-fund loan limit (公积金贷款额度, docs/product/calculators.md): the yearly income implied
 * by the contribution (monthly deposit ÷ ratio × 12) × a factor by term × the term, summed for a
 * couple, rounded up to 10,000 元 and capped by purchase type. The term is the one the buyer
 * chooses, shortened when the borrower's age allows less. Money in 分.
 */
import { PROVIDENT_LIMIT_RULES as RULES } from '../constants/rates';
import { calcError, calcOk, mulDivRound, roundUpToMultiple, yuanToFen } from './money';
import type { CalcOutcome } from './money';

export type Sex = 'male' | 'female';
export type PurchaseType = 'first' | 'second';

export interface ProvidentApplicant {
  sex: Sex;
  /** Whole years, 0–120. */
  age: number;
  /** Monthly contribution (个人月缴存额), 元. */
  monthlyDeposit: number;
  /** Contribution ratio, % (10, 16, 20 or 24). */
  ratioPct: number;
}

export interface ProvidentLimitInput {
  purchaseType: PurchaseType;
  /** The term the buyer asks about, whole years 1–30. */
  termYears: number;
  applicant: ProvidentApplicant;
  /** Present when married and the spouse contributes. */
  spouse?: ProvidentApplicant;
}

export interface ProvidentLimitResult {
  /** The term used: the one asked for, or the longest the borrower's age allows if shorter. */
  termYears: number;
  /** The longest term the borrower's age allows, years. */
  maxTermYears: number;
  /** True when the term asked for was longer than the age allows. */
  isTermCapped: boolean;
  factor: number;
  applicantFen: number;
  spouseFen: number;
  /** Sum before rounding and cap. */
  rawFen: number;
  capFen: number;
  /** The limit: rawFen rounded up to 10,000 元, then capped. */
  limitFen: number;
  isCapped: boolean;
}

/** Age (years) at which the loan must end for this sex: 60 men, 55 women. */
export function ageLimitFor(sex: Sex): number {
  return sex === 'male' ? RULES.ageLimitMale : RULES.ageLimitFemale;
}

/** Longest term in whole years: up to 30 and ending by the age limit (0 when none is left). */
export function maxProvidentTermYears(sex: Sex, age: number): number {
  return Math.max(0, Math.min(RULES.maxTermYears, ageLimitFor(sex) - age));
}

/** Factor for a term in years: 0.35 up to 10, 0.4 up to 20, 0.45 above. */
export function providentFactor(termYears: number): number {
  const band = RULES.factorBands.find((b) => termYears <= b.maxYears);
  return band?.factor ?? RULES.factorBands[RULES.factorBands.length - 1]!.factor;
}

function applicantAmountFen(person: ProvidentApplicant, termYears: number): number {
  const factorPermille = Math.round(providentFactor(termYears) * 1000);
  const depositFen = yuanToFen(person.monthlyDeposit);
  return mulDivRound(
    depositFen * 100 * 12,
    factorPermille * termYears,
    Math.round(person.ratioPct * 1000),
  );
}

function invalidAge(age: number): boolean {
  return !Number.isInteger(age) || age < 0 || age > 120;
}

/** Message shown when the term asked for is longer than the borrower's age allows. */
export function termCappedMessage(maxTermYears: number): string {
  return `按借款人年龄，贷款期限最长为${maxTermYears}年，已按${maxTermYears}年计算`;
}

/** Computes the provident-fund loan limit; errors are the form's Chinese messages. */
export function calculateProvidentLimit(
  input: ProvidentLimitInput,
): CalcOutcome<ProvidentLimitResult> {
  const people = input.spouse ? [input.applicant, input.spouse] : [input.applicant];
  if (people.some((p) => invalidAge(p.age))) return calcError('请输入正确年龄');
  if (people.some((p) => !(p.monthlyDeposit > 0))) return calcError('请输入月缴存额');
  if (people.some((p) => !(RULES.ratioOptionsPct as readonly number[]).includes(p.ratioPct))) {
    return calcError('请选择缴存比例');
  }
  const { termYears: asked } = input;
  if (!Number.isInteger(asked) || asked < 1 || asked > RULES.maxTermYears) {
    return calcError('请选择贷款期限');
  }
  const maxTermYears = maxProvidentTermYears(input.applicant.sex, input.applicant.age);
  if (maxTermYears <= 0) return calcError('借款人年龄已达到贷款年龄上限，无法申请公积金贷款');
  const termYears = Math.min(input.termYears, maxTermYears);
  const applicantFen = applicantAmountFen(input.applicant, termYears);
  const spouseFen = input.spouse ? applicantAmountFen(input.spouse, termYears) : 0;
  const rawFen = applicantFen + spouseFen;
  const capYuan = input.purchaseType === 'first' ? RULES.capFirstPurchase : RULES.capSecondPurchase;
  const capFen = yuanToFen(capYuan);
  const roundedFen = roundUpToMultiple(rawFen, yuanToFen(RULES.roundUpTo));
  return calcOk({
    termYears,
    maxTermYears,
    isTermCapped: input.termYears > maxTermYears,
    factor: providentFactor(termYears),
    applicantFen,
    spouseFen,
    rawFen,
    capFen,
    limitFen: Math.min(roundedFen, capFen),
    isCapped: roundedFen > capFen,
  });
}
