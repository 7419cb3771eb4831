import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { renderWithProviders } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import { FakeSocket } from '../fake-web-socket';
import { ChatPage } from './chat-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakeSocket.instances = [];
  authStore.clear();
});

describe('the 房聊 page', () => {
  it('asks to sign in again when the server ends the session, instead of reconnecting', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInForTest('token-of-test-user-000000', { userId: 1 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const data = String(input).startsWith('/api/auth/me') ? { userId: 1 } : [];
        return Response.json({ code: '000000', message: 'ok', data });
      }),
    );
    vi.stubGlobal('WebSocket', FakeSocket);
    renderWithProviders(<ChatPage />, { url: '/chat?userId=1' });
    const socket = FakeSocket.instances[0];
    if (!socket) throw new Error('no chat socket');
    act(() => socket.open());
    expect(socket.sent[0]).toMatchObject({ type: 'auth', mode: 'chat' });
    act(() => {
      socket.push({ type: 'error', code: '90001', message: '登录已失效，请重新登录' });
      socket.readyState = 3;
      socket.onclose?.();
    });
    expect(await screen.findByText('登录已失效，请重新登录')).toBeTruthy();
    expect(screen.getByRole('link', { name: '重新登录' }).getAttribute('href')).toBe('/login');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
