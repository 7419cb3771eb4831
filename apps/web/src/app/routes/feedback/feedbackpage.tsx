import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { FeedbackForm } from '../../../features/feedback/components/feedback-form';
import styles from '../../../features/feedback/components/feedback.module.css';

/** /feedbackpage: 互动交流, ask a question or give feedback (docs/product/content.md). */
export default function FeedbackPageRoute() {
  return (
    <div className={styles.page}>
      <Breadcrumb
        items={[{ title: <Link to={paths.home.path}>首页</Link> }, { title: '互动交流' }]}
      />
      <h1 className={styles.title}>我要提问</h1>
      <FeedbackForm />
    </div>
  );
}
