import { paths } from '../../../config/paths';
import { ModifyPasswordForm } from '../../../features/account/components/modify-password-form';
import { AccountPage } from './account-page';

/** /modifyPassword: 首页 > 安全设置 > 修改密码 (docs/product/accounts.md). */
export default function ModifyPasswordPage() {
  return (
    <AccountPage
      title="修改密码"
      trail={[{ label: '安全设置', href: paths.securitySetting.getHref() }, { label: '修改密码' }]}
    >
      {(user) => <ModifyPasswordForm phone={user.phoneNumber ?? ''} />}
    </AccountPage>
  );
}
