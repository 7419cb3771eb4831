import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOGIN_LABELS, useSubmitStatus } from './submit-status';

describe('useSubmitStatus', () => {
  it('says 登录 (sign in), never the misspelt 登陆', () => {
    expect(LOGIN_LABELS[3]).toBe('登录成功，正在跳转');
    expect(Object.values(LOGIN_LABELS).join('')).not.toContain('登陆');
  });

  it('runs one submit at a time and returns to idle after a failure', async () => {
    const { result } = renderHook(() => useSubmitStatus());
    let release: () => void = () => undefined;
    let calls = 0;
    const slow = () =>
      new Promise<void>((resolve) => {
        calls += 1;
        release = resolve;
      });
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.run(slow);
    });
    expect(result.current.status).toBe(2);
    await act(() => result.current.run(slow));
    expect(calls).toBe(1);
    await act(async () => {
      release();
      await first;
    });
    expect(result.current.status).toBe(3);

    const other = renderHook(() => useSubmitStatus());
    await act(() => other.result.current.run(() => Promise.reject(new Error('20001'))));
    expect(other.result.current.status).toBe(1);
  });

  it('returns to idle when the action asks for another step', async () => {
    const { result } = renderHook(() => useSubmitStatus());
    await act(() => result.current.run(async () => 'idle'));
    expect(result.current.status).toBe(1);
    let calls = 0;
    await act(() =>
      result.current.run(async () => {
        calls += 1;
      }),
    );
    expect(calls).toBe(1);
    expect(result.current.status).toBe(3);
  });
});
