import type { LoanCalcResult } from '@portal/shared/domain/loan-calculator';
import { formatFen } from '@portal/shared/domain/money';
import { PrincipalInterestPie } from './principal-interest-pie';
import { RepaymentSchedule } from './repayment-schedule';
import { type ResultItem, ResultPanel } from './result-panel';
import styles from './tools.module.css';

/** Every figure of the loan tab, the principal/interest pie and the monthly schedule. */
export function LoanResult({ result }: { result: LoanCalcResult }) {
  const yuan = (label: string, fen: number): ResultItem => ({
    label,
    value: formatFen(fen),
    unit: '元',
  });
  const items: ResultItem[] = [
    yuan('房屋总价', result.totalPriceFen),
    yuan('财政补贴', result.govSubsidyFen),
    yuan('其他补贴', result.otherSubsidyFen),
    yuan('补贴后总价', result.priceAfterSubsidyFen),
  ];
  const schedule = result.schedule;
  if (schedule) {
    items.push(
      yuan('首付款', result.downPaymentFen),
      yuan('贷款总额', result.loanFen),
      { label: '还款月数', value: String(schedule.months), unit: '月' },
      yuan('首月月供', schedule.firstPaymentFen),
    );
    if (schedule.monthlyDecreaseFen > 0) items.push(yuan('每月递减', schedule.monthlyDecreaseFen));
    items.push(
      yuan('还款总额', schedule.totalRepaymentFen),
      yuan('支付利息', schedule.totalInterestFen),
    );
  }
  items.push(yuan('实际购房成本', result.totalHouseAmountFen));
  return (
    <ResultPanel items={items}>
      {schedule && (
        <div className={styles.loanDetails}>
          <PrincipalInterestPie
            principalFen={schedule.principalFen}
            interestFen={schedule.totalInterestFen}
          />
          <div className={styles.schedule}>
            <h4 className={styles.sideSubtitle}>月供明细</h4>
            <RepaymentSchedule rows={schedule.rows} />
          </div>
        </div>
      )}
    </ResultPanel>
  );
}
