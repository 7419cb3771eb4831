import type { ComponentType } from 'react';
import { AbilityCalculator } from './ability-calculator';
import { EarlyRepaymentCalculator } from './early-repayment-calculator';
import { LoanCalculator } from './loan-calculator';
import { ProvidentLimitCalculator } from './provident-limit-calculator';
import { SubsidyCalculator } from './subsidy-calculator';
import { TaxCalculator } from './tax-calculator';

export interface ToolTab {
  key: number;
  /** Tab label, also the page title while the tab is active. */
  name: string;
  Calculator: ComponentType;
}

/** The six calculators of /tool in tab order; `tab` in the URL is the key (docs/product/calculators.md). */
export const TOOL_TABS: readonly ToolTab[] = [
  { key: 1, name: '房贷计算器', Calculator: LoanCalculator },
  { key: 2, name: '公积金贷款额度', Calculator: ProvidentLimitCalculator },
  { key: 3, name: '购房能力评估', Calculator: AbilityCalculator },
  { key: 4, name: '提前还款计算器', Calculator: EarlyRepaymentCalculator },
  { key: 5, name: '税费计算器', Calculator: TaxCalculator },
  { key: 6, name: '财政补贴计算器', Calculator: SubsidyCalculator },
];

/** The active tab from the `tab` query: 1–6, anything else is 1. */
export function toolTabOf(query: string | null): ToolTab {
  return TOOL_TABS.find((t) => String(t.key) === query) ?? TOOL_TABS[0]!;
}
