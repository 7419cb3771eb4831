import { WECHAT_OAUTH_ERRORS, type WechatOAuthError } from '@portal/shared/schemas/auth';
import { Alert } from 'antd';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { safeReturnTo } from '../../../lib/return-to';
import { completeLogin } from '../api/login';
import { storeBindTicket } from '../api/wechat';
import { SharedAgreement } from './agreement';
import styles from './auth-forms.module.css';
import { bindingPhoneHref } from './login-dialog';
import { SignInMethods } from './sign-in-methods';
import type { WechatOutcome } from './use-wechat-login';

function wechatErrorOf(value: string | null): string | null {
  return value && value in WECHAT_OAUTH_ERRORS
    ? WECHAT_OAUTH_ERRORS[value as WechatOAuthError]
    : null;
}

/**
 * The /login page body: 微信登录, 账号密码登录 and 手机验证码登录 with one agreement tick, in the
 * order of the place (sign-in-methods.tsx). `redirect` names the page to go back to (same-site
 * paths only). WeChat's authorisation comes back here with `wechatError` (shown in Chinese) or,
 * for a WeChat user without a phone, with `wechatBind` (on to 绑定手机号).
 */
export function LoginPanel() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const target = safeReturnTo(search.get('redirect'));
  const bindTicket = search.get('wechatBind');
  const wechatError = wechatErrorOf(search.get('wechatError'));
  const goOn = () => navigate(target, { replace: true });

  useEffect(() => {
    if (!bindTicket) return;
    storeBindTicket(bindTicket);
    navigate(bindingPhoneHref(target), { replace: true });
  }, [bindTicket, navigate, target]);

  const handleWechat = async (outcome: WechatOutcome) => {
    if (outcome.kind === 'bind') {
      storeBindTicket(outcome.ticket);
      navigate(bindingPhoneHref(target));
      return;
    }
    await completeLogin({ openPopup: true });
    goOn();
  };

  return (
    <SharedAgreement>
      {wechatError && <Alert type="warning" showIcon message={wechatError} role="alert" />}
      <SignInMethods
        returnTo={target}
        onSignedIn={goOn}
        onWechatQr={(outcome) => void handleWechat(outcome)}
      />
      <div className={styles.links}>
        <Link to={paths.register.getHref()}>新用户注册</Link>
        <Link to={paths.forgetPassword.getHref()}>忘记密码？</Link>
      </div>
    </SharedAgreement>
  );
}
