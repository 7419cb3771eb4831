import { ANSWER_BODY_MAX, QUESTION_BODY_MAX } from '@portal/shared/schemas/questions';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { authStore, useAuth } from '../../../lib/auth-store';
import {
  useAnswerQuestion,
  useAskQuestion,
  useQuestions,
  useReportQuestion,
  type FactsTarget,
} from '../api/buyer-facts';
import styles from './buyer-facts.module.css';

const day = (iso: string) => iso.slice(0, 10);

/** One question's answer form, for whoever may answer here. */
function AnswerForm({ target, id }: { target: FactsTarget; id: number }) {
  const [text, setText] = useState('');
  const answer = useAnswerQuestion(target);
  return (
    <div className={styles.form}>
      <Input.TextArea
        aria-label="回答内容"
        value={text}
        maxLength={ANSWER_BODY_MAX}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 2 }}
      />
      <Button
        type="primary"
        loading={answer.isPending}
        disabled={text.trim().length < 2}
        onClick={() => answer.mutate({ id, answer: text.trim() })}
      >
        提交回答
      </Button>
    </div>
  );
}

/**
 * 问答 (docs/product/questions.md): questions newest first with their answers (who answered and
 * when); signed-in visitors ask and report; the listing's owner, or an operator for a project,
 * answers.
 */
export function QuestionsPanel({ target }: { target: FactsTarget }) {
  const { data } = useQuestions(target);
  const isLoggedIn = useAuth((s) => s.isLoggedIn);
  const [text, setText] = useState('');
  const ask = useAskQuestion(target);
  const report = useReportQuestion();
  const [reported, setReported] = useState<number[]>([]);
  const handleAsk = () => {
    if (!isLoggedIn) {
      authStore.setLoginDialogOpen(true);
      return;
    }
    ask.mutate(text.trim(), { onSuccess: () => setText('') });
  };
  return (
    <section className={styles.section} aria-labelledby="questions-title">
      <h2 id="questions-title">问答</h2>
      {data && data.list.length === 0 && <p>还没有人提问</p>}
      <ul className={styles.questions}>
        {data?.list.map((q) => (
          <li key={q.id} aria-label={`问题：${q.body}`}>
            <div className={styles.ask}>问：{q.body}</div>
            <div className={styles.meta}>
              {q.askedBy} · {day(q.askedAt)}
              {isLoggedIn && !reported.includes(q.id) && (
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() =>
                    report.mutate(q.id, { onSuccess: () => setReported((r) => [...r, q.id]) })
                  }
                >
                  举报
                </button>
              )}
            </div>
            {q.answer ? (
              <div className={styles.answer}>
                答：{q.answer}
                <div className={styles.meta}>
                  {q.answeredAs}回答 · {q.answeredAt ? day(q.answeredAt) : ''}
                </div>
              </div>
            ) : data.canAnswer ? (
              <AnswerForm target={target} id={q.id} />
            ) : (
              <div className={styles.meta}>等待回答</div>
            )}
          </li>
        ))}
      </ul>
      <div className={styles.form}>
        <Input.TextArea
          aria-label="我要提问"
          placeholder="想了解什么？例如：车位配比、学区、交房标准"
          value={text}
          maxLength={QUESTION_BODY_MAX}
          onChange={(e) => setText(e.target.value)}
          autoSize={{ minRows: 2 }}
        />
        <Button
          onClick={handleAsk}
          loading={ask.isPending}
          disabled={isLoggedIn && text.trim().length < 5}
        >
          {isLoggedIn ? '提问' : '登录后提问'}
        </Button>
      </div>
    </section>
  );
}
