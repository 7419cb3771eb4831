import { maskPhone } from '@portal/shared/format';
import type { Question, QuestionList } from '@portal/shared/schemas/questions';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { questions } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../access/index';
import { users } from '../auth/tables';
import { isPublicListing, secondHandListings } from '../listings/tables';
import { isPublicProject, projects } from '../projects/tables';

export type Viewer = Pick<SessionUser, 'id' | 'role'> | null;
export type Target = { targetType: 'project' | 'listing'; targetId: number };

/** Whether the viewer answers questions on this target (docs/product/questions.md). */
export function mayAnswer(viewer: Viewer, target: Target, ownerId: number | null): boolean {
  if (!viewer) return false;
  return target.targetType === 'listing' ? viewer.id === ownerId : viewer.role === 'admin';
}

/** The asker as shown: the nickname, else the masked phone. */
export function askerName(nickname: string | null, phone: string | null): string {
  return nickname?.trim() || (phone ? maskPhone(phone) : '网友');
}

export const columns = {
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

export type Row = {
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

export function toQuestion(row: Row): Question {
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

/**
 * The public target a question is about, with who may answer there: a listing's owner, or for a
 * project an operator answering for the developer (the developers have no accounts of their own).
 * A missing or non-public target answers the same 404 as its own page.
 */
export async function publicTarget(db: Db, target: Target): Promise<{ ownerId: number | null }> {
  if (target.targetType === 'listing') {
    const [row] = await db
      .select({ userId: secondHandListings.userId })
      .from(secondHandListings)
      .where(and(eq(secondHandListings.id, target.targetId), isPublicListing()));
    if (!row) throw new AppError('LISTING_NOT_FOUND');
    return { ownerId: row.userId };
  }
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, target.targetId), isPublicProject()));
  if (!row) throw new AppError('MAP_MARKER_NOT_FOUND');
  return { ownerId: null };
}

/** A visible question by id, or 404. */
export async function visibleQuestion(db: Db, id: number) {
  const [row] = await db.select().from(questions).where(eq(questions.id, id));
  if (!row || row.isHidden) throw new AppError('QUESTION_NOT_FOUND');
  return row;
}

/** The latest hide of a question in the audit log: when and why (docs/product/questions.md). */
const LAST_HIDE = sql`from admin_audit_log a where a.action = 'question.hide' and a.target_type = 'question' and a.target_id = ${questions.id} order by a.id desc limit 1`;

/** The operators' hidden questions, last hidden first, with who hid them, when and why. */
export async function listHiddenQuestions(db: Db) {
  const rows = await db
    .select({
      ...columns,
      hiddenAt: sql<Date | string | null>`(select a.at ${LAST_HIDE})`,
      hiddenReason: sql<string | null>`(select a.after ->> 'reason' ${LAST_HIDE})`,
      hiddenByName: sql<
        string | null
      >`(select coalesce(nullif(trim(u.nickname), ''), '运营人员') from users u where u.id = ${questions.hiddenBy})`,
    })
    .from(questions)
    .innerJoin(users, eq(users.id, questions.userId))
    .where(eq(questions.isHidden, true))
    .orderBy(desc(questions.id))
    .limit(100);
  return rows.map((row) => ({
    ...toQuestion(row),
    targetType: row.targetType as Target['targetType'],
    targetId: row.targetId,
    reportCount: row.reportCount,
    hiddenAt: row.hiddenAt ? new Date(row.hiddenAt).toISOString() : null,
    hiddenByName: row.hiddenByName,
    hiddenReason: row.hiddenReason,
  }));
}
