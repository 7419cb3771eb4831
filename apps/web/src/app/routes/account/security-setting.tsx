import { SecurityRows } from '../../../features/account/components/security-rows';
import { CareModeSetting } from '../../../features/care/components/care-mode-setting';
import { AccountPage } from './account-page';

/** /securitySetting 安全设置, with the 长辈版 choice (docs/product/accounts.md, docs/product/accessibility.md). */
export default function SecuritySettingPage() {
  return (
    <AccountPage title="安全设置">
      {(user) => (
        <>
          <SecurityRows user={user} />
          <CareModeSetting />
        </>
      )}
    </AccountPage>
  );
}
