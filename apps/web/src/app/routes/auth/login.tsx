import { AuthCard } from '../../../features/auth/components/auth-card';
import { LoginPanel } from '../../../features/auth/components/login-panel';

/** /login (spec 1 §2). */
export default function LoginPage() {
  return (
    <AuthCard title="用户登录">
      <LoginPanel />
    </AuthCard>
  );
}
