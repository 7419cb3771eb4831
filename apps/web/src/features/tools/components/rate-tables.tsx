import {
  COMMERCIAL_BENCHMARK_TABLE,
  EARLY_REPAYMENT_RATE_SETS,
  LPR_TABLE,
  PROVIDENT_BENCHMARK_TABLE,
  type DatedRate,
} from '@portal/shared/constants/rates';
import styles from './tools.module.css';

function RateTable({ caption, rates }: { caption: string; rates: readonly DatedRate[] }) {
  return (
    <table className={styles.rateTable}>
      <caption>
        {caption}（{rates[0]?.effectiveFrom}起）
      </caption>
      <thead>
        <tr>
          <th scope="col">期限</th>
          <th scope="col">年利率</th>
        </tr>
      </thead>
      <tbody>
        {rates.map((rate) => (
          <tr key={rate.label}>
            <td>{rate.label}</td>
            <td>{rate.ratePct}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Rate tables beside the loan tab (docs/product/calculators.md). */
export function LoanRateTables() {
  return (
    <>
      <RateTable caption="贷款市场报价利率（LPR）" rates={LPR_TABLE} />
      <RateTable caption="商业贷款基准利率" rates={COMMERCIAL_BENCHMARK_TABLE} />
      <RateTable caption="公积金贷款利率" rates={PROVIDENT_BENCHMARK_TABLE} />
    </>
  );
}

/** The four rate classes of the early-repayment tab. */
export function EarlyRepaymentRateTable() {
  return (
    <table className={styles.rateTable}>
      <caption>提前还款计算利率</caption>
      <thead>
        <tr>
          <th scope="col">利率</th>
          <th scope="col">商贷≤5年</th>
          <th scope="col">商贷&gt;5年</th>
          <th scope="col">公积金≤5年</th>
          <th scope="col">公积金&gt;5年</th>
        </tr>
      </thead>
      <tbody>
        {EARLY_REPAYMENT_RATE_SETS.map((set) => (
          <tr key={set.code}>
            <td>{set.code === '95' ? '基准' : 'LPR'}</td>
            <td>{set.commercial.upTo5Years}%</td>
            <td>{set.commercial.over5Years}%</td>
            <td>{set.provident.upTo5Years}%</td>
            <td>{set.provident.over5Years}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
