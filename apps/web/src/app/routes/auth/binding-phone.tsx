import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { BindPhoneForm } from '../../../features/auth/components/bind-phone-form';

/** /bindingPhone: breadcrumb 首页 > 绑定手机号 and the form (docs/product/accounts.md). */
export default function BindingPhonePage() {
  return (
    <>
      <Breadcrumb
        style={{ marginBottom: 16 }}
        items={[{ title: <Link to={paths.home.getHref()}>首页</Link> }, { title: '绑定手机号' }]}
      />
      <AuthCard title="绑定手机号">
        <BindPhoneForm />
      </AuthCard>
    </>
  );
}
