import styles from './orders.module.css';

/** Guidance of the 网签备案 stage (docs/product/orders.md): what to prepare for each way of paying. */
export function WebSignGuidance({ netsignnum }: { netsignnum: string | null }) {
  return (
    <div className={styles.guidance} aria-label="网签备案指引">
      {netsignnum ? (
        <p>网签合同已备案，备案编号：{netsignnum}。订约金将自动原路退还。</p>
      ) : (
        <>
          <p>请在锁定期内与开发企业签订商品房买卖合同并完成网签备案：</p>
          <p>全款购房：请准备好购房款及身份证明，按合同约定时间一次性付清房款。</p>
          <p>贷款购房：请准备首付款、收入证明及银行流水，尽早向贷款银行提交按揭申请。</p>
          <p>分期购房：请与开发企业约定分期付款计划，并在合同中写明各期金额和付款时间。</p>
        </>
      )}
    </div>
  );
}
