import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { chatLauncher, closeChat } from '../../../lib/chat-launcher';
import { renderWithProviders } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import { FakeSocket } from '../fake-web-socket';
import { ChatEntry } from './chat-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  FakeSocket.instances = [];
  closeChat();
  authStore.clear();
});

describe('the top-bar 房聊 entry', () => {
  it('shows the unread count, follows the pushed total live and opens the dialog', async () => {
    signInForTest('token-of-test-user-000000', { userId: 1 });
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) =>
      Response.json({ code: '000000', message: 'ok', data: { unread: 3 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('WebSocket', FakeSocket);
    renderWithProviders(<ChatEntry />);
    const entry = await screen.findByRole('button', { name: '房聊，3条未读' }, { timeout: 5000 });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/chat/unread');

    const socket = FakeSocket.instances[0];
    if (!socket) throw new Error('no badge socket');
    expect(socket.url).toMatch(/\/api\/chat\/ws$/);
    act(() => socket.open());
    // Signs in with the first frame (the session rides in the cookie), asking for the unread
    // total only.
    expect(socket.sent[0]).toEqual({
      type: 'auth',
      mode: 'badge',
    });
    act(() => {
      socket.push({ type: 'ready', userId: 1 });
      socket.push({ type: 'unread', unread: 5 });
    });
    expect(await screen.findByRole('button', { name: '房聊，5条未读' })).toBeTruthy();
    act(() => socket.push({ type: 'unread', unread: 0 }));
    expect(await screen.findByRole('button', { name: '房聊' })).toBeTruthy();

    fireEvent.click(entry);
    expect(chatLauncher.getState()).toMatchObject({ isOpen: true, target: null });
  });
});
