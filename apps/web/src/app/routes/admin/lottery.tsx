import { LotteryBatchList } from '../../../features/lottery/admin/batch-list';

/** /admin/lottery: the 摇号 batches and 新建摇号批次. */
export default function AdminLotteryRoute() {
  return <LotteryBatchList />;
}
