import {
  DEED_TAX_RULE_SETS,
  MAINTENANCE_FUND_PER_M2,
  type DeedTaxRuleSet,
} from '@portal/shared/constants/policy';
import { ABILITY_RULES, PROVIDENT_LIMIT_RULES } from '@portal/shared/constants/rates';
import type { ReactNode } from 'react';
import { EarlyRepaymentRateTable, LoanRateTables } from './rate-tables';
import styles from './tools.module.css';

function Notes({ title, children }: { title: string; children: ReactNode }) {
  return (
    <aside className={styles.side} aria-label={title}>
      <h3 className={styles.sideTitle}>{title}</h3>
      {children}
    </aside>
  );
}

function deedTaxLines(rules: DeedTaxRuleSet): string[] {
  const t = rules.areaThreshold;
  return [
    `首套：${t}㎡及以下${rules.first.upTo}%，以上${rules.first.above}%`,
    `二套：${t}㎡及以下${rules.second.upTo}%，以上${rules.second.above}%`,
    `三套及以上：${rules.thirdPct}%；非住宅：${rules.nonResidentialPct}%`,
  ];
}

const L = PROVIDENT_LIMIT_RULES;

const PROVIDENT_NOTES = [
  `首套最高可贷${L.capFirstPurchase / 10_000}万元，二套最高${L.capSecondPurchase / 10_000}万元。`,
  '新房贷款额不超过房价的80%，二手房不超过60%。',
  '月还款额不超过家庭月收入的50%；贷款额不超过房价减去已付款。',
  '贷款额不超过缴存年限×6万元与月缴存额×剩余月数×10之和。',
  `贷款期限最长${L.maxTermYears}年；男性年龄加期限不超过65岁，女性不超过60岁；房龄加期限不超过50年。`,
  `本计算器：年缴存基数 = 月缴存额 ÷ 缴存比例 × 12；期限可选1至${L.maxTermYears}年，且不超过男${L.ageLimitMale}岁、女${L.ageLimitFemale}岁减去年龄；系数10年及以下0.35、20年及以下0.4、以上0.45；夫妻合计后向上取整到万元。`,
];

/** The explanatory notes or rate tables beside tabs 1–5 (docs/product/calculators.md); tab 6 has none. */
export function SideNotes({ tab }: { tab: number }) {
  switch (tab) {
    case 1:
      return (
        <Notes title="利率表">
          <LoanRateTables />
          <p className={styles.sideText}>
            5年以下（含5年）商业贷款参考1年期LPR，5年以上参考5年期以上LPR；实际执行利率为LPR加减银行确定的基点。首付款
            = 房屋总价 − 贷款总额；财政补贴按房屋总价的1%计算，购房后发放，不抵减首付款。
          </p>
        </Notes>
      );
    case 2:
      return (
        <Notes title="公积金贷款说明">
          <ol className={styles.sideList}>
            {PROVIDENT_NOTES.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
        </Notes>
      );
    case 3:
      return (
        <Notes title="评估说明">
          <ol className={styles.sideList}>
            <li>可贷款额 = 每月可用于购房支出 ÷ 每万元月供 × 10000 元。</li>
            <li>可贷款额不超过现有购房资金的{ABILITY_RULES.loanCapTimesFunds}倍。</li>
            <li>
              可购房总价 = 可贷款额 + 购房资金的{ABILITY_RULES.fundsSharePct}%（其余用于税费）。
            </li>
            <li>每万元月供取自购房能力评估计算器通行的系数表（贷款年限2至30年）。</li>
            <li>可贷款额按万元四舍五入；提示信息不影响评估结果。</li>
          </ol>
        </Notes>
      );
    case 4:
      return (
        <Notes title="提前还款说明">
          <EarlyRepaymentRateTable />
          <p className={styles.sideText}>
            按等额本息计算；提前还款当月先按原月供还款，再偿还提前还款额。
          </p>
        </Notes>
      );
    case 5:
      return (
        <Notes title="税费说明">
          {DEED_TAX_RULE_SETS.map((rules) => (
            <div key={rules.id}>
              <h4 className={styles.sideSubtitle}>契税（{rules.label}）</h4>
              <ul className={styles.sideList}>
                {deedTaxLines(rules).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          ))}
          <h4 className={styles.sideSubtitle}>其他税费</h4>
          <ul className={styles.sideList}>
            <li>
              维修基金：有电梯{MAINTENANCE_FUND_PER_M2.withLift}元/㎡，无电梯
              {MAINTENANCE_FUND_PER_M2.withoutLift}元/㎡。
            </li>
            <li>增值税：住宅不满2年按总价÷1.05×5%，满2年免征；非住宅按差额÷1.05×5%。</li>
            <li>个人所得税：住宅满5年且唯一住房免征，否则按总价1%；非住宅按差额20%。</li>
          </ul>
        </Notes>
      );
    default:
      return null;
  }
}
