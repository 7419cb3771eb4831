import { useQueryClient } from '@tanstack/react-query';
import { AdminShell } from '../../../features/admin/components/admin-shell';
import { logout } from '../../../features/auth/api/logout';

/** Layout of every /admin page: the console shell; 退出登录 signs out and leaves the console. */
export function AdminLayout() {
  const client = useQueryClient();
  return (
    <AdminShell
      onLogout={() => {
        client.removeQueries({ queryKey: ['admin'] });
        void logout();
      }}
    />
  );
}
