import { UserTable } from '../../../features/account/admin/user-table';

/** /admin/users: 用户查询、实名认证与账号停用. */
export default function AdminUsersRoute() {
  return <UserTable />;
}
