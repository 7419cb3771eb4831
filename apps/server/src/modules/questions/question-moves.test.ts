import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db';
import { adminAuditLog, notices, questions, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { QUESTION_MOVES } from './question-moves';
import { hideQuestion, restoreQuestion } from './questions.service';

/**
 * 问答 moderation through the transition runner (docs/decisions/0062): each move leaves exactly
 * one audit row whose before and after are the question's state around it, with the reason, and
 * sends no notice (its rows declare none).
 */
let database: TestDatabase;
let operatorId: number;
let askerId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const [operator] = await database.db
    .insert(users)
    .values({ phone: '13911120001', role: 'admin', nickname: '运营' })
    .returning({ id: users.id });
  const [asker] = await database.db
    .insert(users)
    .values({ phone: '13811120002' })
    .returning({ id: users.id });
  operatorId = operator?.id ?? 0;
  askerId = asker?.id ?? 0;
});

afterAll(async () => {
  await database?.dispose();
});

async function newQuestion(answer: string | null): Promise<number> {
  const [row] = await database.db
    .insert(questions)
    .values({
      targetType: 'project',
      targetId: 1,
      userId: askerId,
      body: '加微信了解优惠',
      answer,
      reportCount: 2,
    })
    .returning({ id: questions.id });
  return row?.id ?? 0;
}

const auditRows = (id: number) =>
  database.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.targetType, 'question'), eq(adminAuditLog.targetId, id)))
    .orderBy(adminAuditLog.id);

const noticeCount = async () => (await database.db.select().from(notices)).length;

describe('问答 moves', () => {
  it('declares no notice on either row', () => {
    expect('notices' in QUESTION_MOVES.hide).toBe(false);
    expect('notices' in QUESTION_MOVES.restore).toBe(false);
  });

  it('a hide and a restore each leave one audit row with the state around the move', async () => {
    const id = await newQuestion('周末可以看房');
    const noticesBefore = await noticeCount();

    await hideQuestion(database.db, operatorId, id, '含有广告信息');
    const [hidden] = await database.db.select().from(questions).where(eq(questions.id, id));
    expect(hidden).toMatchObject({ isHidden: true, hiddenBy: operatorId, reportCount: 2 });
    const afterHide = await auditRows(id);
    expect(afterHide).toHaveLength(1);
    expect(afterHide[0]).toMatchObject({
      actorId: operatorId,
      action: 'question.hide',
      before: { isHidden: false, body: '加微信了解优惠', answer: '周末可以看房' },
      after: {
        isHidden: true,
        body: '加微信了解优惠',
        answer: '周末可以看房',
        reason: '含有广告信息',
      },
    });

    await restoreQuestion(database.db, operatorId, id, '举报不成立');
    const [shown] = await database.db.select().from(questions).where(eq(questions.id, id));
    expect(shown).toMatchObject({ isHidden: false, hiddenBy: null, reportCount: 0 });
    const afterRestore = await auditRows(id);
    expect(afterRestore).toHaveLength(2);
    expect(afterRestore[1]).toMatchObject({
      actorId: operatorId,
      action: 'question.restore',
      before: { isHidden: true, body: '加微信了解优惠', answer: '周末可以看房' },
      after: { isHidden: false, reason: '举报不成立' },
    });
    expect(await noticeCount()).toBe(noticesBefore);
  });

  it('refuses a move from the wrong state without writing an audit row', async () => {
    const id = await newQuestion(null);
    await expect(restoreQuestion(database.db, operatorId, id, '举报不成立')).rejects.toMatchObject({
      message: '该问答不存在或未被隐藏',
    });
    await hideQuestion(database.db, operatorId, id, '广告');
    const notFound = { status: 404, code: new AppError('QUESTION_NOT_FOUND').code };
    await expect(hideQuestion(database.db, operatorId, id, '再次隐藏')).rejects.toMatchObject(
      notFound,
    );
    await expect(hideQuestion(database.db, operatorId, 999999, '广告')).rejects.toMatchObject(
      notFound,
    );
    const rows = await auditRows(id);
    expect(rows.map((row) => row.action)).toEqual(['question.hide']);
    expect(rows[0]?.before).toMatchObject({ isHidden: false, answer: null });
  });
});
