import { FeedbackDetailView } from '../../../features/feedback/components/feedback-detail';
import styles from '../home/personal-title.module.css';

/** /feedbackDetails?id=: one of the caller's questions with the operator's reply (docs/product/content.md). */
export default function FeedbackDetailsRoute() {
  return (
    <>
      <h1 className={styles.title}>反馈详情</h1>
      <FeedbackDetailView />
    </>
  );
}
