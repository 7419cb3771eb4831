import { paths } from '../../../config/paths';
import { ModifyPhoneSteps } from '../../../features/account/components/modify-phone-steps';
import { AccountPage } from './account-page';

/** /modifyPhone: three steps, verify old phone, bind new phone, done (docs/product/accounts.md). */
export default function ModifyPhonePage() {
  return (
    <AccountPage
      title="修改手机号"
      trail={[
        { label: '安全设置', href: paths.securitySetting.getHref() },
        { label: '修改手机号' },
      ]}
    >
      {(user) => <ModifyPhoneSteps phone={user.phoneNumber ?? ''} />}
    </AccountPage>
  );
}
