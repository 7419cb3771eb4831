import {
  CURRENT_LPR,
  CURRENT_PROVIDENT,
  OLD_BENCHMARK,
  RATE_BASIS,
  formatRateDate,
} from '@portal/shared/constants/loan-rates';
import { EARLY_REPAYMENT_RATE_SETS } from '@portal/shared/constants/rates';
import styles from './tools.module.css';

interface Row {
  label: string;
  ratePct: number;
}

function RateTable({ caption, since, rows }: { caption: string; since: string; rows: Row[] }) {
  return (
    <table className={styles.rateTable}>
      <caption>
        {caption}（{formatRateDate(since)}起执行）
      </caption>
      <thead>
        <tr>
          <th scope="col">期限</th>
          <th scope="col">年利率</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <td>{row.label}</td>
            <td>{row.ratePct}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const hpf = CURRENT_PROVIDENT;

/** Rate tables beside the loan tab, all from the one dated table (docs/product/loan-rates.md). */
export function LoanRateTables() {
  return (
    <>
      <RateTable
        caption="贷款市场报价利率（LPR）"
        since={CURRENT_LPR.effectiveFrom}
        rows={[
          { label: '一年期', ratePct: CURRENT_LPR.oneYearPct },
          { label: '五年期以上', ratePct: CURRENT_LPR.overFiveYearsPct },
        ]}
      />
      <RateTable
        caption="公积金贷款利率"
        since={hpf.effectiveFrom}
        rows={[
          { label: '首套五年以下（含五年）', ratePct: hpf.firstHome.upToFiveYearsPct },
          { label: '首套五年以上', ratePct: hpf.firstHome.overFiveYearsPct },
          { label: '二套五年以下（含五年）', ratePct: hpf.secondHome.upToFiveYearsPct },
          { label: '二套五年以上', ratePct: hpf.secondHome.overFiveYearsPct },
        ]}
      />
      <RateTable
        caption="旧版商业贷款基准利率"
        since={OLD_BENCHMARK.effectiveFrom}
        rows={[
          { label: '一年以内（含一年）', ratePct: OLD_BENCHMARK.commercial.oneYearPct },
          { label: '一至五年（含五年）', ratePct: OLD_BENCHMARK.commercial.upToFiveYearsPct },
          { label: '五年以上', ratePct: OLD_BENCHMARK.commercial.overFiveYearsPct },
        ]}
      />
    </>
  );
}

/** The rate sets of the early-repayment tab, from the same table, with the dates they took effect. */
export function EarlyRepaymentRateTable() {
  return (
    <>
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
              <td>{set.name}</td>
              <td>{set.commercial.upTo5Years}%</td>
              <td>{set.commercial.over5Years}%</td>
              <td>{set.provident.upTo5Years}%</td>
              <td>{set.provident.over5Years}%</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.sideText}>
        现行利率：LPR {formatRateDate(CURRENT_LPR.effectiveFrom)}起执行，公积金（首套）
        {formatRateDate(hpf.effectiveFrom)}起执行；旧版基准利率
        {formatRateDate(OLD_BENCHMARK.effectiveFrom)}
        起执行。贷款已按LPR重定价的，请选择“自定义执行利率”并填写合同或银行最新执行利率。
      </p>
    </>
  );
}

/**
 * 利率依据：… with the date the rates took effect, shown in every calculator that uses a rate
 * (the LPR line, the provident-fund line, or both).
 */
export function RateBasis({
  lpr = true,
  provident = true,
}: {
  lpr?: boolean;
  provident?: boolean;
}) {
  return (
    <div className={styles.rateBasis} role="note" aria-label="利率依据">
      {lpr && <p>{RATE_BASIS.lpr}</p>}
      {provident && <p>{RATE_BASIS.provident}</p>}
    </div>
  );
}
