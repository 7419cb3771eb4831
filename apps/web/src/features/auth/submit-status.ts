import { useRef, useState } from 'react';

/** Login page status (docs/product/accounts.md): 1 idle, 2 in progress, 3 success. */
export type SubmitStatus = 1 | 2 | 3;

/** Button texts per status for the login and the register forms (docs/product/accounts.md, verbatim). */
export const LOGIN_LABELS: Record<SubmitStatus, string> = {
  1: '登 录',
  2: '登录中...',
  3: '登陆成功，正在跳转',
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
  const [status, setStatus] = useState<SubmitStatus>(1);
  const statusRef = useRef<SubmitStatus>(1);

  const update = (next: SubmitStatus) => {
    statusRef.current = next;
    setStatus(next);
  };

  const run = async (action: () => Promise<void | 'idle'>): Promise<void> => {
    if (statusRef.current !== 1) return;
    update(2);
    try {
      const outcome = await action();
      update(outcome === 'idle' ? 1 : 3);
    } catch {
      update(1);
    }
  };

  return { status, run };
}
