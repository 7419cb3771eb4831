import { MyData } from '../../../features/account/components/my-data';
import { AccountPage } from './account-page';

/** /myData 我的数据: consent records, data download and closing the account (docs/product/accounts.md). */
export default function MyDataPage() {
  return <AccountPage title="我的数据">{() => <MyData />}</AccountPage>;
}
