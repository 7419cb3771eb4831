import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from './auth-store';
import { chatLauncher, closeChat, openChat } from './chat-launcher';

describe('openChat', () => {
  afterEach(() => {
    closeChat();
    authStore.clear();
    authStore.setLoginDialogOpen(false);
  });

  it('opens the login dialog for visitors instead of the chat', () => {
    openChat({ targetId: 5 });
    expect(chatLauncher.getState().isOpen).toBe(false);
    expect(authStore.getState().isLoginDialogOpen).toBe(true);
  });

  it('opens the chat with the target for signed-in users, reloading on every open', () => {
    authStore.signIn('token', { userId: 1 });
    openChat({ targetId: 5, targetName: '张先生' });
    const first = chatLauncher.getState();
    expect(first).toMatchObject({
      isOpen: true,
      userId: 1,
      target: { targetId: 5, targetName: '张先生' },
    });
    openChat();
    expect(chatLauncher.getState().target).toBeNull();
    expect(chatLauncher.getState().openCount).toBe(first.openCount + 1);
  });
});
