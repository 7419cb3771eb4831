import { useSyncExternalStore } from 'react';
import { authStore } from './auth-store';

/**
 * What the 房聊 dialog should open: a conversation about a listing (its 房聊 button, with the
 * publisher's id, name and avatar for display), or the operators' service channel.
 * Nobody is reached by user id alone (docs/product/listings.md).
 */
export interface ChatTarget {
  listingId?: number;
  service?: boolean;
  targetId?: number | string;
  targetName?: string;
  targetAvatar?: string;
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
 * Opens the 房聊 dialog, optionally on a conversation about a listing or with the service
 * channel. Signed out, the login dialog opens instead (docs/product/content.md).
 */
export function openChat(target: ChatTarget = {}): void {
  if (!authStore.getState().isLoggedIn) {
    authStore.setLoginDialogOpen(true);
    return;
  }
  const hasTarget = target.listingId !== undefined || target.service === true;
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
  return useSyncExternalStore(chatLauncher.subscribe, chatLauncher.getState, chatLauncher.getState);
}
