import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { renderWithProviders } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import { fakeChatServer, ME, startingMessage } from '../fake-chat-server';
import { FakeSocket } from '../fake-web-socket';
import { ChatPage } from './chat-page';

const TOKEN = 'token-of-test-user-000000';
const WAIT = { timeout: 5000 };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  FakeSocket.instances = [];
  authStore.clear();
});

function socketAt(index: number): FakeSocket {
  const socket = FakeSocket.instances[index];
  if (!socket) throw new Error(`no socket #${index + 1}`);
  return socket;
}

/** A message bubble in the open conversation (not the list's snippet). */
async function findInThread(text: string) {
  const pane = await screen.findByTestId('chat-messages', {}, WAIT);
  return within(pane).findByText(text, {}, WAIT);
}

function conversationButton(peerName: string): HTMLElement {
  const list = screen.getByRole('list', { name: '会话列表' });
  const button = within(list)
    .getAllByRole('button')
    .find((b) => b.textContent?.includes(peerName));
  if (!button) throw new Error(`no conversation with ${peerName}`);
  return button;
}

describe('the 房聊 page after a dropped connection', () => {
  it('reconnects after the back-off, signs in again and fetches what was sent meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The longest back-off of the first attempt: 1 s + 20 % jitter.
    vi.spyOn(Math, 'random').mockReturnValue(1);
    signInForTest(TOKEN, { userId: ME });
    const server = fakeChatServer([
      {
        id: 10,
        peer: { id: 2, name: '张先生' },
        messages: [{ ...startingMessage(5, 10, 2, ME, '您好，房子还在吗？'), readAt: 'x' }],
      },
      {
        id: 11,
        peer: { id: 3, name: '王女士' },
        messages: [{ ...startingMessage(7, 11, 3, ME, '周末可以看房吗？'), readAt: 'x' }],
      },
    ]);
    vi.stubGlobal('fetch', server.fetchMock);
    vi.stubGlobal('WebSocket', FakeSocket);
    renderWithProviders(<ChatPage />, { url: '/chat?userId=1' });

    const first = socketAt(0);
    act(() => first.open());
    act(() => first.push({ type: 'ready', userId: ME }));
    // The newest conversation opens first; then the other one is opened too.
    expect(await findInThread('周末可以看房吗？')).toBeTruthy();
    fireEvent.click(conversationButton('张先生'));
    expect(await findInThread('您好，房子还在吗？')).toBeTruthy();
    expect(screen.getByTestId('chat-status').textContent).toBe('在线');

    // The connection drops; both peers write while the page is away.
    act(() => {
      first.readyState = 3;
      first.onclose?.();
    });
    expect(screen.getByTestId('chat-status').textContent).toBe('连接已断开，正在重连…');
    const missedHere = server.add(10, 2, 'text', '断线期间发来的消息');
    const missedThere = server.add(11, 3, 'text', '我周六上午有空');

    // No new socket before the back-off has passed; one right after.
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(FakeSocket.instances).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(FakeSocket.instances).toHaveLength(2);

    // The new socket signs in again with the first frame.
    const second = socketAt(1);
    expect(second.url).toMatch(/\/api\/chat\/ws$/);
    act(() => second.open());
    expect(second.sent[0]).toEqual({ type: 'auth', mode: 'chat' });
    const before = server.requests.length;
    act(() => second.push({ type: 'ready', userId: ME }));

    // The open conversation shows the missed message without a reload.
    expect(await findInThread(missedHere.body)).toBeTruthy();
    expect(screen.getByTestId('chat-status').textContent).toBe('在线');
    // Each loaded thread was asked only for what came after its last message.
    const catchUp = server.requests.slice(before).map((r) => r.url.pathname + r.url.search);
    expect(catchUp).toContain('/api/chat/conversations');
    expect(server.historyQueries(10).at(-1)?.get('after')).toBe('5');
    await waitFor(() => expect(server.historyQueries(11).at(-1)?.get('after')).toBe('7'), WAIT);
    await act(async () => {
      await server.fetchMock.mock.results.at(-1)?.value;
      await vi.advanceTimersByTimeAsync(50);
    });
    // The other conversation shows its missed message, counted once.
    const other = conversationButton('王女士');
    expect(other.textContent).toContain(missedThere.body);
    expect(within(other).getByText('1')).toBeTruthy();
    // Its thread already holds it: opening it asks the server for nothing more.
    const asked = server.historyQueries(11).length;
    fireEvent.click(other);
    expect(await findInThread(missedThere.body)).toBeTruthy();
    expect(server.historyQueries(11)).toHaveLength(asked);
  }, 30_000);
});
