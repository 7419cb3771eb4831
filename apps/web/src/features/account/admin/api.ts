import type { Paged } from '@portal/shared/api-code';
import type { AdminRealname, AdminUserRow } from '@portal/shared/schemas/users/admin';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

/** The user search filters; each is also a query parameter of /admin/users. */
export const USER_FILTERS = {
  keyword: 'text',
  role: 'text',
  createdFrom: 'date',
  createdTo: 'date',
} as const;

export interface AdminUserFilters {
  keyword?: string;
  role?: 'user' | 'admin';
  /** Registration days (Beijing), yyyy-MM-dd, both included. */
  createdFrom?: string;
  createdTo?: string;
  pageNum: number;
}

const usersKey = ['admin', 'users'] as const;

/** User search, 20 a page, newest first; ID numbers masked. */
export function useAdminUsers(filters: AdminUserFilters) {
  return useQuery(
    queryOptions({
      queryKey: [...usersKey, filters],
      queryFn: () => apiGet<Paged<AdminUserRow>>('/api/admin/users', { ...filters }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** One user action: mark or revoke real-name, disable or enable. */
export type UserAction =
  | { kind: 'realname'; id: number; body: AdminRealname }
  | { kind: 'realnameRevoke' | 'disable' | 'enable'; id: number };

const ACTION_DONE = {
  realname: '已标记实名认证',
  realnameRevoke: '已撤销实名认证',
  disable: '账号已停用',
  enable: '账号已启用',
} as const;

const ACTION_PATH = {
  realname: 'realname',
  realnameRevoke: 'realname/revoke',
  disable: 'disable',
  enable: 'enable',
} as const;

export function useUserAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction) =>
      apiPost<null>(
        `/api/admin/users/${action.id}/${ACTION_PATH[action.kind]}`,
        action.kind === 'realname' ? action.body : undefined,
        { toast: true },
      ),
    onSuccess: (_data, action) => {
      notifySuccess(ACTION_DONE[action.kind]);
      return client.invalidateQueries({ queryKey: usersKey });
    },
  });
}
