import { MyLottery } from '../../../features/lottery/components/my-lottery';
import styles from '../home/personal-title.module.css';

/** /myLottery: the caller's 摇号 registrations (docs/product/lottery.md). */
export default function MyLotteryRoute() {
  return (
    <>
      <h1 className={styles.title}>我的摇号</h1>
      <MyLottery />
    </>
  );
}
