import { AuthCard } from '../../../features/auth/components/auth-card';
import { RegisterForm } from '../../../features/auth/components/register-form';

/** /register 新用户注册 (docs/product/accounts.md). */
export default function RegisterPage() {
  return (
    <AuthCard title="新用户注册">
      <RegisterForm />
    </AuthCard>
  );
}
