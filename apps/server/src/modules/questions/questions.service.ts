import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { maskPhone } from '@portal/shared/format';
import type { Question, QuestionAsk, QuestionList } from '@portal/shared/schemas/questions';
import { PROJECT_STATUS } from '@portal/shared/status';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projects, questions, secondHandListings, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../admin/index';
import type { SessionUser } from '../auth/index';

type Viewer = Pick<SessionUser, 'id' | 'role'> | null;
type Target = { targetType: 'project' | 'listing'; targetId: number };

/**
 * The public target a question is about, with who may answer there: a listing's owner, or for a
 * project an operator answering for the developer (the developers have no accounts of their own).
 * A missing or non-public target answers the same 404 as its own page.
 */
async function publicTarget(db: Db, target: Target): Promise<{ ownerId: number | null }> {
  if (target.targetType === 'listing') {
    const [row] = await db
      .select({ userId: secondHandListings.userId })
      .from(secondHandListings)
      .where(
        and(
          eq(secondHandListings.id, target.targetId),
          eq(secondHandListings.publishStatus, LISTING_STATUS.PUBLISHED),
        ),
      );
    if (!row) throw new AppError('LISTING_NOT_FOUND');
    return { ownerId: row.userId };
  }
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(eq(projects.id, target.targetId), eq(projects.publishStatus, PROJECT_STATUS.PUBLISHED)),
    );
  if (!row) throw new AppError('MAP_MARKER_NOT_FOUND');
  return { ownerId: null };
}

/** Whether the viewer answers questions on this target (docs/product/questions.md). */
function mayAnswer(viewer: Viewer, target: Target, ownerId: number | null): boolean {
  if (!viewer) return false;
  return target.targetType === 'listing' ? viewer.id === ownerId : viewer.role === 'admin';
}

/** The asker as shown: the nickname, else the masked phone. */
function askerName(nickname: string | null, phone: string | null): string {
  return nickname?.trim() || (phone ? maskPhone(phone) : '网友');
}

const columns = {
  id: questions.id,
  body: questions.body,
  nickname: users.nickname,
  phone: users.phone,
  createdAt: questions.createdAt,
  answer: questions.answer,
  answeredAs: questions.answeredAs,
  answeredAt: questions.answeredAt,
  isHidden: questions.isHidden,
  targetType: questions.targetType,
  targetId: questions.targetId,
  reportCount: questions.reportCount,
};

type Row = {
  id: number;
  body: string;
  nickname: string | null;
  phone: string | null;
  createdAt: Date;
  answer: string | null;
  answeredAs: string | null;
  answeredAt: Date | null;
  isHidden: boolean;
};

function toQuestion(row: Row): Question {
  return {
    id: row.id,
    body: row.body,
    askedBy: askerName(row.nickname, row.phone),
    askedAt: row.createdAt.toISOString(),
    answer: row.answer,
    answeredAs: row.answeredAs,
    answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
    isHidden: row.isHidden,
  };
}

/** The 问答 of a public project or listing, newest first; hidden ones only for operators. */
export async function listQuestions(db: Db, target: Target, viewer: Viewer): Promise<QuestionList> {
  const { ownerId } = await publicTarget(db, target);
  const visible = viewer?.role === 'admin' ? sql`true` : eq(questions.isHidden, false);
  const rows = await db
    .select(columns)
    .from(questions)
    .innerJoin(users, eq(users.id, questions.userId))
    .where(
      and(
        eq(questions.targetType, target.targetType),
        eq(questions.targetId, target.targetId),
        visible,
      ),
    )
    .orderBy(desc(questions.createdAt), desc(questions.id))
    .limit(50);
  return { list: rows.map(toQuestion), canAnswer: mayAnswer(viewer, target, ownerId) };
}

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

/** A visible question by id, or 404. */
async function visibleQuestion(db: Db, id: number) {
  const [row] = await db.select().from(questions).where(eq(questions.id, id));
  if (!row || row.isHidden) throw new AppError('QUESTION_NOT_FOUND');
  return row;
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

/** Operators hide a question with its answer; it leaves the public page. */
export async function hideQuestion(db: Db, operatorId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(questions)
      .set({ isHidden: true, hiddenBy: operatorId })
      .where(eq(questions.id, id))
      .returning({ id: questions.id, body: questions.body, answer: questions.answer });
    const row = updated[0];
    if (!row) throw new AppError('QUESTION_NOT_FOUND');
    await recordAudit(tx, {
      actorId: operatorId,
      action: 'question.hide',
      targetType: 'question',
      targetId: id,
      before: { isHidden: false, body: row.body, answer: row.answer },
      after: { isHidden: true },
      at: new Date(),
    });
  });
}

/** The operators' queue: reported questions still shown, most reported first. */
export async function listReportedQuestions(db: Db) {
  const rows = await db
    .select(columns)
    .from(questions)
    .innerJoin(users, eq(users.id, questions.userId))
    .where(and(gt(questions.reportCount, 0), eq(questions.isHidden, false)))
    .orderBy(desc(questions.reportCount), asc(questions.id))
    .limit(100);
  return rows.map((row) => ({
    ...toQuestion(row),
    targetType: row.targetType as Target['targetType'],
    targetId: row.targetId,
    reportCount: row.reportCount,
  }));
}
