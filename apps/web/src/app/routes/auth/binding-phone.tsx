import { BreadcrumbTrail } from '../../../components/breadcrumb-trail';
import { paths } from '../../../config/paths';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { BindPhoneForm } from '../../../features/auth/components/bind-phone-form';

/** /bindingPhone: breadcrumb 首页 > 绑定手机号 and the form (docs/product/accounts.md). */
export default function BindingPhonePage() {
  return (
    <>
      <div style={{ marginBottom: 16 }}>
        <BreadcrumbTrail
          crumbs={[{ label: '首页', href: paths.home.getHref() }, { label: '绑定手机号' }]}
        />
      </div>
      <AuthCard title="绑定手机号">
        <BindPhoneForm />
      </AuthCard>
    </>
  );
}
