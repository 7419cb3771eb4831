import { useSearchParams } from 'react-router';
import { LotteryBatchConsole } from '../../../features/lottery/admin/batch-console';

/** /admin/lottery/batch?id=: one batch's review queue, 公示名单 and 摇号. */
export default function AdminLotteryBatchRoute() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return <LotteryBatchConsole key={id} id={id} />;
}
