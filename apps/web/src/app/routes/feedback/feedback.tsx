import { FeedbackList } from '../../../features/feedback/components/feedback-list';
import styles from '../home/personal-title.module.css';

/** /feedback: 我的反馈 (docs/product/content.md). */
export default function FeedbackRoute() {
  return (
    <>
      <h1 className={styles.title}>我的反馈</h1>
      <FeedbackList />
    </>
  );
}
