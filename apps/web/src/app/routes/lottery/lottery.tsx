import { useSearchParams } from 'react-router';
import { BatchList, BatchView } from '../../../features/lottery/components/batch-view';
import styles from '../../../features/lottery/components/lottery.module.css';

/** /lottery (every batch) and /lottery?id= (one batch), docs/product/lottery.md. */
export default function LotteryRoute() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <div className={styles.page}>
      {Number.isInteger(id) && id > 0 ? <BatchView id={id} /> : <BatchList />}
    </div>
  );
}
