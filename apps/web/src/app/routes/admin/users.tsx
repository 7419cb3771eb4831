import { UserTable } from '../../../features/admin/components/user-table';

/** /admin/users: 用户查询、实名认证与账号停用. */
export default function AdminUsersRoute() {
  return <UserTable />;
}
