import type { LoanCalcResult, PriceFigures } from '@portal/shared/domain/loan-calculator';
import { formatFen } from '@portal/shared/domain/money';
import { Suspense, useDeferredValue } from 'react';
import { lazyNamed } from '../../../lib/deferred';
import { PrincipalInterestPie } from './principal-interest-pie';
import { FigureList, type ResultItem, ResultPanel } from './result-panel';
import styles from './tools.module.css';

/**
 * The monthly schedule is antd's Table (about 45 KB gzip): it loads with the first result
 * instead of with /tool itself (docs/decisions/0057). A page drawn on the server with a result
 * carries the table; the browser takes it over once its code has arrived.
 */
const RepaymentSchedule = lazyNamed(() => import('./repayment-schedule'), 'RepaymentSchedule');

const yuan = (label: string, fen: number): ResultItem => ({
  label,
  value: formatFen(fen),
  unit: '元',
});

function loanItems(result: LoanCalcResult): ResultItem[] {
  const { schedule, price } = result;
  const items: ResultItem[] = [];
  if (price)
    items.push(yuan('房屋总价', price.totalPriceFen), yuan('首付款', price.downPaymentFen));
  if (!schedule) return items;
  items.push(yuan('贷款总额', result.loanFen));
  if (result.commercialFen > 0 && result.providentFen > 0) {
    items.push(yuan('商业贷款', result.commercialFen), yuan('公积金贷款', result.providentFen));
  }
  items.push({ label: '还款月数', value: String(schedule.months), unit: '月' });
  if (schedule.monthlyDecreaseFen > 0) {
    items.push(yuan('首月月供', schedule.firstPaymentFen));
    items.push(yuan('每月递减', schedule.monthlyDecreaseFen));
  } else {
    items.push(yuan('每月月供', schedule.firstPaymentFen));
  }
  items.push(yuan('支付利息', schedule.totalInterestFen));
  items.push(yuan('还款总额', schedule.totalRepaymentFen));
  return items;
}

/** The subsidies, paid after the purchase: they lower the actual cost, not the down payment. */
function SubsidyFigures({ price }: { price: PriceFigures }) {
  return (
    <section aria-label="购房补贴" className={styles.subsidies}>
      <h4 className={styles.sideSubtitle}>购房补贴（购房后发放，不抵减首付款）</h4>
      <FigureList
        items={[
          yuan('财政补贴', price.govSubsidyFen),
          yuan('其他补贴', price.otherSubsidyFen),
          yuan('实际购房成本', price.actualCostFen),
        ]}
      />
      <p className={styles.reference}>实际购房成本 = 房屋总价 − 补贴 + 贷款利息。</p>
    </section>
  );
}

/**
 * Every figure of the loan tab, the principal/interest pie and the monthly schedule. The
 * schedule is drawn after the figures, as a transition: a tap on 开始计算 paints the figures at
 * once, and the table (the costliest part to draw) follows in slices a tap can interrupt; until
 * then the table of the last result stays, dimmed (docs/decisions/0083-the-figures-before-the-schedule.md).
 */
export function LoanResult({ result }: { result: LoanCalcResult }) {
  const { schedule, price } = result;
  const shown = useDeferredValue(schedule, null);
  return (
    <ResultPanel items={loanItems(result)}>
      {price && <SubsidyFigures price={price} />}
      {schedule && (
        <div className={styles.loanDetails}>
          <PrincipalInterestPie
            principalFen={schedule.principalFen}
            interestFen={schedule.totalInterestFen}
          />
          <div className={styles.schedule}>
            <h4 className={styles.sideSubtitle}>月供明细</h4>
            {shown && (
              <div aria-busy={shown !== schedule} className={styles.scheduleTable}>
                <Suspense fallback={null}>
                  <RepaymentSchedule
                    rows={shown.rows}
                    lastRowAdjustmentFen={shown.lastRowAdjustmentFen}
                  />
                </Suspense>
              </div>
            )}
          </div>
        </div>
      )}
    </ResultPanel>
  );
}
