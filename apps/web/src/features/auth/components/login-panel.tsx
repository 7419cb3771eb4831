import { Tabs } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { completeLogin } from '../api/login';
import { storeBindTicket } from '../api/wechat';
import { SharedAgreement } from './agreement';
import styles from './auth-forms.module.css';
import { PasswordLoginForm } from './password-login-form';
import { SmsLoginForm } from './sms-login-form';
import type { WechatOutcome } from './use-wechat-login';
import { WechatLogin } from './wechat-login';

type LoginTab = 'wechat' | 'account' | 'phone';

/** Only same-site paths are followed after sign-in. */
function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : paths.home.getHref();
}

/** The /login page body: 微信登录, 账号密码登录 and 手机验证码登录, with one agreement tick. */
export function LoginPanel() {
  const [tab, setTab] = useState<LoginTab>('account');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const target = safeRedirect(search.get('redirect'));
  const goOn = () => navigate(target, { replace: true });

  const handleWechat = async (outcome: WechatOutcome) => {
    if (outcome.kind === 'bind') {
      storeBindTicket(outcome.ticket);
      navigate(paths.bindingPhone.getHref());
      return;
    }
    await completeLogin({ openPopup: true });
    goOn();
  };

  return (
    <SharedAgreement>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as LoginTab)}
        centered
        items={[
          {
            key: 'wechat',
            label: '微信登录',
            children: <WechatLogin isActive={tab === 'wechat'} onOutcome={handleWechat} />,
          },
          {
            key: 'account',
            label: '账号密码登录',
            children: (
              <PasswordLoginForm
                phoneEmpty="请输入手机号"
                phoneBad="请输入正确手机号"
                onSuccess={goOn}
              />
            ),
          },
          { key: 'phone', label: '手机验证码登录', children: <SmsLoginForm onSuccess={goOn} /> },
        ]}
      />
      <div className={styles.links}>
        <Link to={paths.register.getHref()}>新用户注册</Link>
        <Link to={paths.forgetPassword.getHref()}>忘记密码？</Link>
      </div>
    </SharedAgreement>
  );
}
