import { FEEDBACK_RICH_TEXT } from '@portal/shared/html/allow-lists';
import { Button, Descriptions, Spin } from 'antd';
import dayjs from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../config/paths';
import { toSafeHtml, withoutNewTabs } from '../../../lib/safe-html';
import { useIsPhone } from '../../../lib/use-media-query';
import { useFeedbackDetail } from '../api/feedback-api';
import styles from './feedback.module.css';

/**
 * Server-sanitised HTML, cleaned once more in the browser before it is shown. On a phone its
 * links open in place, where Back returns (docs/decisions/0054-phone-navigation-and-floating-buttons.md).
 */
function Html({ html }: { html: string }) {
  const isPhone = useIsPhone();
  const safe = toSafeHtml(html, FEEDBACK_RICH_TEXT);
  return (
    <div
      className={styles.html}
      dangerouslySetInnerHTML={{ __html: isPhone ? withoutNewTabs(safe) : safe }}
    />
  );
}

/** /feedbackDetails: 我要提问 and 受理回复, read-only, with 返回 (docs/product/content.md). */
export function FeedbackDetailView() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const navigate = useNavigate();
  const { data, isPending, isError } = useFeedbackDetail(id);
  const back = (
    <Button className={styles.back} onClick={() => navigate(paths.feedback.getHref())}>
      返回
    </Button>
  );

  if (!Number.isInteger(id) || id <= 0 || isError) {
    return (
      <>
        <EmptyState description="反馈不存在" />
        {back}
      </>
    );
  }
  if (isPending) return <Spin />;

  return (
    <>
      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>我要提问</h2>
        <Descriptions column={1} bordered size="middle" labelStyle={{ width: 120 }}>
          <Descriptions.Item label="姓名">{data.realname}</Descriptions.Item>
          <Descriptions.Item label="联系方式">{data.phone}</Descriptions.Item>
          <Descriptions.Item label="标题">{data.title}</Descriptions.Item>
          <Descriptions.Item label="内容">
            <Html html={data.content} />
          </Descriptions.Item>
        </Descriptions>
      </section>
      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>受理回复</h2>
        <Descriptions column={1} bordered size="middle" labelStyle={{ width: 120 }}>
          <Descriptions.Item label="回复时间">
            {data.replyTime ? dayjs(data.replyTime).format('YYYY-MM-DD HH:mm') : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="回复内容">
            {data.reply ? (
              <Html html={data.reply} />
            ) : (
              <span className={styles.noReply}>暂未回复，请耐心等待</span>
            )}
          </Descriptions.Item>
        </Descriptions>
      </section>
      {back}
    </>
  );
}
