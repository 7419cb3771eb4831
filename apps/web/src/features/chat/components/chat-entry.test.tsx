import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { chatLauncher, closeChat } from '../../../lib/chat-launcher';
import { renderWithProviders } from '../../../test/render';
import { ChatEntry } from './chat-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  closeChat();
  authStore.clear();
});

describe('the top-bar 房聊 entry', () => {
  it('shows the unread count from the server and opens the dialog', async () => {
    authStore.signIn('token-of-test-user-000000', { userId: 1 });
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) =>
      Response.json({ code: '000000', message: 'ok', data: { unread: 3 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ChatEntry />);
    const entry = await screen.findByRole('button', { name: '房聊，3条未读' }, { timeout: 5000 });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/chat/unread');
    fireEvent.click(entry);
    expect(chatLauncher.getState()).toMatchObject({ isOpen: true, target: null });
  });
});
