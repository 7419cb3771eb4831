import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authStore, useAuth } from '../../../lib/auth-store';
import { chatUnreadKeyOf, chatUnreadQueryKey } from '../api/chat-api';
import { ChatConnection, chatSocketUrl } from '../chat-connection';

/**
 * Keeps the top-bar unread total live: one light socket in `badge` mode, over which the server
 * pushes only the total, whenever a message arrives or one is read. A refused session lets the
 * unread query ask again, so the api client ends the session the usual way.
 */
export function useLiveUnread(): void {
  const token = useAuth((state) => state.session);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token) return;
    const connection = new ChatConnection(chatSocketUrl(window.location), {
      mode: 'badge',
      getSession: () => authStore.getState().session,
      onFrame: (frame) => {
        if (frame.type !== 'unread') return;
        queryClient.setQueryData(chatUnreadKeyOf(token), { unread: frame.unread });
      },
      onStatus: () => undefined,
      onReady: () => undefined,
      onUnauthorised: () => void queryClient.invalidateQueries({ queryKey: chatUnreadQueryKey }),
    });
    connection.start();
    const online = () => connection.reconnectNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      connection.stop();
    };
  }, [token, queryClient]);
}
