import type { CurrentUser } from '@portal/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { authStore, useAuth } from './auth-store';

/** The signed-in user's profile (docs/product/accounts.md). */
export function getCurrentUser(): Promise<CurrentUser> {
  return apiGet<CurrentUser>('/api/auth/me');
}

export const currentUserQueryOptions = (session: string | null) =>
  queryOptions({
    queryKey: ['auth', 'me', session],
    queryFn: async () => {
      const user = await getCurrentUser();
      authStore.setUser(user);
      return user;
    },
    enabled: Boolean(session),
  });

/** The current user, refreshed from the server while signed in; also kept in the auth store. */
export function useCurrentUser() {
  const session = useAuth((state) => state.session);
  return useQuery(currentUserQueryOptions(session));
}
