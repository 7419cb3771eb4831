import { Modal } from 'antd';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { authStore, useAuth } from '../../../lib/auth-store';
import { currentTask, safeReturnTo } from '../../../lib/return-to';
import { completeLogin } from '../api/login';
import { storeBindTicket } from '../api/wechat';
import { SharedAgreement } from './agreement';
import styles from './auth-forms.module.css';
import { SignInMethods } from './sign-in-methods';
import type { WechatOutcome } from './use-wechat-login';

/** /bindingPhone, coming back to `returnTo` once the phone is bound. */
export function bindingPhoneHref(returnTo: string): string {
  return `${paths.bindingPhone.getHref()}?${new URLSearchParams({ redirect: returnTo }).toString()}`;
}

/**
 * The login dialog used by protected actions on public pages (docs/product/accounts.md). Any
 * page opens it with `authStore.setLoginDialogOpen(true)`; the layouts render it once. It offers
 * every sign-in method and leaves the citizen on the page they were on: the dialog closes over
 * it, and WeChat's authorisation returns to it (the room sheet, the form in hand).
 */
export function LoginDialog() {
  const isOpen = useAuth((state) => state.isLoginDialogOpen);
  const askedReturnTo = useAuth((state) => state.loginReturnTo);
  const navigate = useNavigate();
  const close = () => authStore.setLoginDialogOpen(false);

  const handleWechatQr = async (outcome: WechatOutcome) => {
    if (outcome.kind === 'bind') {
      storeBindTicket(outcome.ticket);
      const returnTo = currentTask();
      close();
      navigate(bindingPhoneHref(returnTo));
      return;
    }
    await completeLogin({ openPopup: false });
    close();
  };

  return (
    <Modal open={isOpen} title="登录" width={420} footer={null} onCancel={close} destroyOnHidden>
      <SharedAgreement>
        <SignInMethods
          returnTo={
            typeof window === 'undefined' ? '/' : safeReturnTo(askedReturnTo, currentTask())
          }
          onSignedIn={close}
          phoneBad="手机号格式错误"
          onWechatQr={(outcome) => void handleWechatQr(outcome)}
        />
      </SharedAgreement>
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
