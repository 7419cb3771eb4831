import { authStore } from '../../../lib/auth-store';
import { queryClient } from '../../../lib/query-client';

/**
 * Signs out: the client state is cleared at once, then the session is revoked on the server
 * (best effort: an already expired session is signed out anyway, so the answer is not read).
 */
export async function logout(): Promise<void> {
  const { token } = authStore.getState();
  authStore.logout();
  queryClient.removeQueries({ queryKey: ['auth'] });
  if (!token) return;
  try {
    await fetch('/api/auth/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      keepalive: true,
    });
  } catch {
    // Offline: the server session expires on its own.
  }
}
