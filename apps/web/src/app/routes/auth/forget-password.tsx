import { AuthCard } from '../../../features/auth/components/auth-card';
import { ForgetPasswordForm } from '../../../features/auth/components/forget-password-form';

/** /forgetPassword (docs/product/accounts.md). */
export default function ForgetPasswordPage() {
  return (
    <AuthCard title="忘记密码">
      <ForgetPasswordForm />
    </AuthCard>
  );
}
