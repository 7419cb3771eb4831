import { afterEach, describe, expect, it } from 'vitest';
import { signInForTest } from '../test/session';
import { authStore } from './auth-store';
import { chatLauncher, closeChat, openChat } from './chat-launcher';

describe('openChat', () => {
  afterEach(() => {
    closeChat();
    authStore.clear();
    authStore.setLoginDialogOpen(false);
  });

  it('opens the login dialog for visitors instead of the chat', () => {
    openChat({ listingId: 7, targetId: 5 });
    expect(chatLauncher.getState().isOpen).toBe(false);
    expect(authStore.getState().isLoginDialogOpen).toBe(true);
  });

  it('opens the chat about a listing for signed-in users, reloading on every open', () => {
    signInForTest('token', { userId: 1 });
    openChat({ listingId: 7, targetId: 5, targetName: '张先生' });
    const first = chatLauncher.getState();
    expect(first).toMatchObject({
      isOpen: true,
      userId: 1,
      target: { listingId: 7, targetId: 5, targetName: '张先生' },
    });
    openChat();
    expect(chatLauncher.getState().target).toBeNull();
    expect(chatLauncher.getState().openCount).toBe(first.openCount + 1);
  });

  it('never aims at a bare user id: without a listing or the service channel it opens the list', () => {
    signInForTest('token', { userId: 1 });
    openChat({ targetId: 5 });
    expect(chatLauncher.getState().target).toBeNull();
    openChat({ service: true });
    expect(chatLauncher.getState().target).toEqual({ service: true });
  });
});
