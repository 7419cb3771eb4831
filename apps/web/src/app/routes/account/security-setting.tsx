import { SecurityRows } from '../../../features/account/components/security-rows';
import { AccountPage } from './account-page';

/** /securitySetting 安全设置 (docs/product/accounts.md). */
export default function SecuritySettingPage() {
  return <AccountPage title="安全设置">{(user) => <SecurityRows user={user} />}</AccountPage>;
}
