import { BreadcrumbTrail } from '../../../components/breadcrumb-trail';
import { paths } from '../../../config/paths';
import { FeedbackForm } from '../../../features/feedback/components/feedback-form';
import styles from '../../../features/feedback/components/feedback.module.css';

/** /feedbackpage: 互动交流, ask a question or give feedback (docs/product/content.md). */
export default function FeedbackPageRoute() {
  return (
    <div className={styles.page}>
      <BreadcrumbTrail crumbs={[{ label: '首页', href: paths.home.path }, { label: '互动交流' }]} />
      <h1 className={styles.title}>我要提问</h1>
      <FeedbackForm />
    </div>
  );
}
