import { QuestionModeration } from '../../../features/buyer-facts/admin/question-moderation';

/** /admin/questions: the reported and hidden 问答. */
export default function AdminQuestionsRoute() {
  return <QuestionModeration />;
}
