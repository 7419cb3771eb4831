import { LOTTERY_PHASE_LABEL, type LotteryPhase } from '@portal/shared/status';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useLotteryBatches } from '../api/lottery-api';
import styles from './lottery.module.css';

/** Links to the 摇号 batches (of one project when given); nothing when there are none. */
export function LotteryLinks({ projectId }: { projectId?: number }) {
  const { data } = useLotteryBatches(projectId);
  if (!data?.length) return null;
  return (
    <nav className={styles.links} aria-label="摇号选房">
      {data.map((batch) => (
        <Link key={batch.id} to={paths.lottery.getHref({ id: batch.id })}>
          摇号选房：{batch.title}（{LOTTERY_PHASE_LABEL[batch.phase as LotteryPhase]}）
        </Link>
      ))}
    </nav>
  );
}
