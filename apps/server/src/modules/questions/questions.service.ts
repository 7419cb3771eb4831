import type { QuestionAsk } from '@portal/shared/schemas/questions';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { questions } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../access/index';
import { withTransitions } from '../transitions/index';
import { moveQuestion } from './question-moves';
import { publicTarget, visibleQuestion, mayAnswer, type Target } from './questions.queries';

/** A signed-in citizen asks about a public project or listing. */
export async function askQuestion(
  db: Db,
  user: SessionUser,
  input: QuestionAsk,
): Promise<{ id: number }> {
  await publicTarget(db, input);
  const [row] = await db
    .insert(questions)
    .values({
      targetType: input.targetType,
      targetId: input.targetId,
      userId: user.id,
      body: input.body,
    })
    .returning({ id: questions.id });
  return { id: (row as { id: number }).id };
}

/**
 * The listing's owner (or, for a project, an operator for the developer) answers once; the answer
 * keeps who gave it, as what, and when.
 */
export async function answerQuestion(
  db: Db,
  user: SessionUser,
  id: number,
  answer: string,
): Promise<void> {
  const question = await visibleQuestion(db, id);
  const target = {
    targetType: question.targetType as Target['targetType'],
    targetId: question.targetId,
  };
  const { ownerId } = await publicTarget(db, target);
  if (!mayAnswer(user, target, ownerId)) throw new AppError('QUESTION_ANSWER_FORBIDDEN');
  const updated = await db
    .update(questions)
    .set({
      answer,
      answeredBy: user.id,
      answeredAs: target.targetType === 'listing' ? '业主' : '开发企业',
      answeredAt: new Date(),
    })
    .where(and(eq(questions.id, id), sql`${questions.answer} is null`))
    .returning({ id: questions.id });
  if (updated.length === 0) throw new AppError('QUESTION_ANSWERED');
}

/** Any signed-in user reports a question (or its answer) to the operators. */
export async function reportQuestion(db: Db, id: number): Promise<void> {
  await visibleQuestion(db, id);
  await db
    .update(questions)
    .set({ reportCount: sql`least(${questions.reportCount} + 1, 32000)` })
    .where(eq(questions.id, id));
}

/** Operators hide a question with its answer, saying why; it leaves the public page. */
export async function hideQuestion(
  db: Db,
  operatorId: number,
  id: number,
  reason: string,
): Promise<void> {
  await withTransitions(db, (tx) => moveQuestion(tx, id, 'hide', { operatorId, reason }));
}

/**
 * Operators show a hidden question again, saying why (a report that did not hold); its reports
 * are cleared so it leaves the queue.
 */
export async function restoreQuestion(
  db: Db,
  operatorId: number,
  id: number,
  reason: string,
): Promise<void> {
  await withTransitions(db, (tx) => moveQuestion(tx, id, 'restore', { operatorId, reason }));
}
