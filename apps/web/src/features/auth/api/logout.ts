import { authStore } from '../../../lib/auth-store';
import { queryClient } from '../../../lib/query-client';
import { CSRF_HEADER } from '../../../lib/session-cookie';

/**
 * Signs out: the client state is cleared at once, then the session is revoked on the server,
 * which also removes its cookies (best effort: an already expired session is signed out anyway,
 * so the answer is not read).
 */
export async function logout(): Promise<void> {
  const { session } = authStore.getState();
  authStore.logout();
  queryClient.removeQueries({ queryKey: ['auth'] });
  if (!session) return;
  try {
    await fetch('/api/auth/logout', {
      method: 'POST',
      headers: { [CSRF_HEADER]: session },
      keepalive: true,
    });
  } catch {
    // Offline: the server session expires on its own.
  }
}
