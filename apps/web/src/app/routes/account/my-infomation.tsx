import { ProfileForm } from '../../../features/account/components/profile-form';
import { AccountPage } from './account-page';

/** /myInfomation 个人资料 (spec 2 §2). */
export default function MyInfomationPage() {
  return <AccountPage title="个人资料">{(user) => <ProfileForm user={user} />}</AccountPage>;
}
