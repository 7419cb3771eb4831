import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWechatLogin } from './use-wechat-login';

const envelope = (data: unknown) => Response.json({ code: '000000', message: '操作成功', data });
const status = (value: string) => ({
  status: value,
  userInfo: null,
  tokenInfo: null,
  bindPhone: null,
});

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useWechatLogin', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('polls the status with GET and signs in with one POST once the scan is confirmed', async () => {
    const polls = ['scanned', 'confirmed'];
    const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/api/auth/wechat/qr')) {
        return envelope({
          url: 'data:image/png;base64,',
          ticket: 'ticket-0123456789',
          confirmUrl: 'http://localhost/dev/wechat/ticket-0123456789',
          expiresIn: 120,
          simulated: true,
        });
      }
      if (url.includes('/api/auth/wechat/poll'))
        return envelope(status(polls.shift() ?? 'confirmed'));
      if (url.includes('/api/auth/wechat/complete') && init?.method === 'POST') {
        return envelope({
          status: 'consumed',
          userInfo: null,
          tokenInfo: { access_token: 'x'.repeat(43) },
          bindPhone: 1,
        });
      }
      return envelope({ version: 3, title: '协议', content: '' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const onOutcome = vi.fn();
    renderHook(() => useWechatLogin(true, onOutcome), { wrapper });

    await waitFor(() => expect(onOutcome).toHaveBeenCalledWith({ kind: 'signedIn' }), {
      timeout: 8_000,
    });
    const calls = fetchMock.mock.calls.map(([input, init]) => ({
      url: String(input),
      method: init?.method ?? 'GET',
      body: init?.body,
    }));
    const pollCalls = calls.filter((c) => c.url.includes('/wechat/poll'));
    expect(pollCalls.length).toBeGreaterThanOrEqual(2);
    expect(pollCalls.every((c) => c.method === 'GET')).toBe(true);
    const completions = calls.filter((c) => c.url.includes('/wechat/complete'));
    expect(completions).toHaveLength(1);
    expect(completions[0]?.method).toBe('POST');
    expect(JSON.parse(String(completions[0]?.body))).toMatchObject({
      ticket: 'ticket-0123456789',
    });
    expect(onOutcome).toHaveBeenCalledTimes(1);
  }, 15_000);
});
