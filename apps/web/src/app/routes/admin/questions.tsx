import { QuestionModeration } from '../../../features/admin/components/question-moderation';

/** /admin/questions: the reported and hidden 问答. */
export default function AdminQuestionsRoute() {
  return <QuestionModeration />;
}
