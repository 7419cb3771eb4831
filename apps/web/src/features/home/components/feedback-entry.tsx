import { MessageOutlined } from '@ant-design/icons';
import { RouteLink } from '../../../components/route-link';
import { SectionPanel } from '../../../components/section-panel';
import styles from './home-blocks.module.css';

/** 建议反馈: the way to the public feedback page (docs/product/content.md). */
export function FeedbackEntry({ className }: { className?: string }) {
  return (
    <SectionPanel title="建议反馈" className={className}>
      <div className={styles.feedback}>
        <MessageOutlined className={styles.feedbackIcon} />
        <p className={styles.feedbackText}>
          您对房产交易服务有什么意见和建议，欢迎留言反馈，我们将认真研究并及时答复。
        </p>
        <RouteLink routeKey="feedbackpage" className={styles.feedbackButton}>
          我要留言
        </RouteLink>
      </div>
    </SectionPanel>
  );
}
