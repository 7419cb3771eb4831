import { SecurityRows } from '../../../features/account/components/security-rows';
import { AccountPage } from './account-page';

/** /securitySetting 安全设置 (spec 2 §2). */
export default function SecuritySettingPage() {
  return <AccountPage title="安全设置">{(user) => <SecurityRows user={user} />}</AccountPage>;
}
