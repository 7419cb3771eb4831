import { useSearchParams } from 'react-router';
import { useDrawRecord } from '../../../features/lottery/api/lottery-api';
import styles from '../../../features/lottery/components/lottery.module.css';
import { VerifyPanel } from '../../../features/lottery/components/verify-panel';

/**
 * /lotteryVerify?id=: recomputes a published draw in the browser (docs/product/lottery.md); without
 * an id, any list and random value pasted in.
 */
export default function LotteryVerifyRoute() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const record = useDrawRecord(id);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>摇号结果复核</h1>
      <p>
        名单的 SHA-256
        在摇号前公布；随机数来自事先指定的公开随机信标轮次。两者确定后，摇号顺序由公开算法唯一算出，任何人都可以在本机重算。
      </p>
      <VerifyPanel key={record.data?.batchId ?? 0} record={record.data ?? null} />
    </div>
  );
}
