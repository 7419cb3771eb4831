import { useRef, useState } from 'react';

/** Login page status (docs/product/accounts.md): 1 idle, 2 in progress, 3 success. */
export const SUBMIT_STATUS = { IDLE: 1, BUSY: 2, DONE: 3 } as const;
export type SubmitStatus = (typeof SUBMIT_STATUS)[keyof typeof SUBMIT_STATUS];

/** Button texts per status for the login and the register forms (docs/product/accounts.md, verbatim). */
export const LOGIN_LABELS: Record<SubmitStatus, string> = {
  1: '登 录',
  2: '登录中...',
  3: '登录成功，正在跳转',
};
export const REGISTER_LABELS: Record<SubmitStatus, string> = {
  1: '注册并登录',
  2: '注册中...',
  3: '注册成功，正在跳转',
};

/**
 * Runs a submit only when idle; the status returns to idle after a failure, or when the action
 * answers `'idle'` (another step follows, e.g. an operator's SMS code), and stays at success
 * otherwise (the page is leaving).
 */
export function useSubmitStatus() {
  const [status, setStatus] = useState<SubmitStatus>(SUBMIT_STATUS.IDLE);
  const statusRef = useRef<SubmitStatus>(SUBMIT_STATUS.IDLE);

  const update = (next: SubmitStatus) => {
    statusRef.current = next;
    setStatus(next);
  };

  const run = async (action: () => Promise<void | 'idle'>): Promise<void> => {
    if (statusRef.current !== SUBMIT_STATUS.IDLE) return;
    update(SUBMIT_STATUS.BUSY);
    try {
      const outcome = await action();
      update(outcome === 'idle' ? SUBMIT_STATUS.IDLE : SUBMIT_STATUS.DONE);
    } catch {
      update(SUBMIT_STATUS.IDLE);
    }
  };

  return { status, run };
}
