import { Modal } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { authStore, useAuth } from '../../../lib/auth-store';
import styles from './auth-forms.module.css';
import { PasswordLoginForm } from './password-login-form';

/**
 * The login dialog used by protected actions on public pages (docs/product/accounts.md). Any page opens it with
 * `authStore.setLoginDialogOpen(true)`; the layouts render it once.
 */
export function LoginDialog() {
  const isOpen = useAuth((state) => state.isLoginDialogOpen);
  const close = () => authStore.setLoginDialogOpen(false);

  return (
    <Modal
      open={isOpen}
      title="账号密码登录"
      width={420}
      footer={null}
      onCancel={close}
      destroyOnHidden
    >
      <PasswordLoginForm phoneEmpty="请输入手机号" phoneBad="手机号格式错误" onSuccess={close} />
      <div className={styles.links}>
        <Link to={paths.register.getHref()} onClick={close}>
          新用户注册
        </Link>
        <Link to={paths.forgetPassword.getHref()} onClick={close}>
          忘记密码
        </Link>
      </div>
    </Modal>
  );
}
