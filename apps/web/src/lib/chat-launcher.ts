import { useSyncExternalStore } from 'react';
import { authStore } from './auth-store';

/**
 * Whom the 房聊 dialog should open a conversation with (spec 1 §2), and the listing it is about
 * when opened from a listing's 房聊 button: all optional.
 */
export interface ChatTarget {
  targetId?: number | string;
  targetName?: string;
  targetAvatar?: string;
  listingId?: number;
}

export interface ChatLauncherState {
  isOpen: boolean;
  target: ChatTarget | null;
  /**
   * The signed-in user's id when the dialog opened. Fixed per opening, so the frame's address
   * does not change (and the chat page reload) when the profile arrives later.
   */
  userId?: string | number;
  /** Changes on every open, so the embedded page reloads for a new target. */
  openCount: number;
}

let state: ChatLauncherState = { isOpen: false, target: null, openCount: 0 };
const listeners = new Set<() => void>();

function setState(next: ChatLauncherState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

/**
 * Opens the 房聊 dialog, optionally with a conversation partner (e.g. a listing's publisher).
 * Signed out, the login dialog opens instead (spec 2 §6).
 */
export function openChat(target: ChatTarget = {}): void {
  if (!authStore.getState().isLoggedIn) {
    authStore.setLoginDialogOpen(true);
    return;
  }
  const hasTarget = target.targetId !== undefined && target.targetId !== '';
  setState({
    isOpen: true,
    target: hasTarget ? target : null,
    userId: authStore.getState().user?.userId,
    openCount: state.openCount + 1,
  });
}

export function closeChat(): void {
  setState({ ...state, isOpen: false });
}

export const chatLauncher = {
  getState: (): ChatLauncherState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Subscribes a component to the 房聊 dialog state. */
export function useChatLauncher(): ChatLauncherState {
  return useSyncExternalStore(chatLauncher.subscribe, chatLauncher.getState);
}
