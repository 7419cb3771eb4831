import { NOTICE_BIZ_TYPE } from '@portal/shared/constants/notices';
import type { Db } from '../../db/client';
import { questions } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import {
  type Changed,
  type Machine,
  runTransition,
  type TransitionRow,
} from '../transitions/index';

const Q = questions;

/** What a question's move hands to its consequences. */
export interface MovedQuestion {
  isHidden: boolean;
  body: string;
  answer: string | null;
}

/**
 * 问答 moderation as a state machine of the transition runner (docs/decisions/0062): the state is
 * whether the question (with its answer) is hidden. The audit's before and after keep the
 * question and its answer as they were when an operator hid or restored them.
 */
const QUESTIONS: Machine<MovedQuestion> = {
  table: Q,
  id: Q.id,
  owner: Q.userId,
  status: Q.isHidden,
  statusKey: 'isHidden',
  state: { isHidden: Q.isHidden, body: Q.body, answer: Q.answer },
  returning: {},
  targetType: 'question',
  noticeBizType: NOTICE_BIZ_TYPE.SYSTEM,
  audits: (actor) => actor.kind === 'operator',
};

/** What a move needs: the operator and the reason they give. */
export interface QuestionMoveArgs {
  operatorId: number;
  reason: string;
}

type Row = TransitionRow<MovedQuestion, QuestionMoveArgs, boolean> & {
  /** The refusal when the question is not in a state the row starts from. */
  refusal: () => AppError;
};

/**
 * Every change of a question's state (docs/product/questions.md), each row with its
 * consequences. Neither move sends a notice: the asker is not told of a hiding.
 */
export const QUESTION_MOVES = {
  /** Operators hide a question with its answer, saying why; it leaves the public page. */
  hide: {
    from: [false],
    to: true,
    set: (args) => ({ hiddenBy: args.operatorId }),
    audit: 'question.hide',
    auditDetails: (_, args) => ({ reason: args.reason }),
    refusal: () => new AppError('QUESTION_NOT_FOUND'),
  },
  /** Operators show it again, saying why; its reports are cleared so it leaves the queue. */
  restore: {
    from: [true],
    to: false,
    set: () => ({ hiddenBy: null, reportCount: 0 }),
    audit: 'question.restore',
    auditDetails: (_, args) => ({ reason: args.reason }),
    refusal: () => new AppError('NOT_FOUND', '该问答不存在或未被隐藏'),
  },
} as const satisfies Record<string, Row>;
export type QuestionMove = keyof typeof QUESTION_MOVES;

/**
 * An operator's move of one question through the runner, as a conditional update (only from the
 * row's states), so two racing requests cannot both make it; the row's refusal when it did not
 * match.
 */
export async function moveQuestion(
  tx: Db,
  id: number,
  move: QuestionMove,
  args: QuestionMoveArgs,
  at: Date = new Date(),
): Promise<Changed<MovedQuestion>> {
  const row: Row = QUESTION_MOVES[move];
  const changed = await runTransition(
    tx,
    QUESTIONS,
    row,
    id,
    { kind: 'operator', adminId: args.operatorId },
    args,
    at,
  );
  if (!changed) throw row.refusal();
  return changed;
}
