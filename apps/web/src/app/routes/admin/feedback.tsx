import { FeedbackQueue } from '../../../features/feedback/admin/feedback-queue';

/** /admin/feedback: replies to citizens' questions and suggestions. */
export default function AdminFeedbackRoute() {
  return <FeedbackQueue />;
}
