import { ProfileForm } from '../../../features/account/components/profile-form';
import { AccountPage } from './account-page';

/** /myInfomation 个人资料 (docs/product/accounts.md). */
export default function MyInfomationPage() {
  return <AccountPage title="个人资料">{(user) => <ProfileForm user={user} />}</AccountPage>;
}
