import { AuthCard } from '../../../features/auth/components/auth-card';
import { LoginPanel } from '../../../features/auth/components/login-panel';

/** /login (docs/product/accounts.md). */
export default function LoginPage() {
  return (
    <AuthCard title="用户登录">
      <LoginPanel />
    </AuthCard>
  );
}
