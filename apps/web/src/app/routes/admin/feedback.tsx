import { FeedbackQueue } from '../../../features/admin/components/feedback-queue';

/** /admin/feedback: replies to citizens' questions and suggestions. */
export default function AdminFeedbackRoute() {
  return <FeedbackQueue />;
}
