import { Tabs } from 'antd';
import { useState } from 'react';
import { type SignInPlace, useSignInPlace } from '../../../lib/sign-in-place';
import styles from './auth-forms.module.css';
import { PasswordLoginForm } from './password-login-form';
import { SmsLoginForm } from './sms-login-form';
import type { WechatOutcome } from './use-wechat-login';
import { WechatAuthorise } from './wechat-authorise';
import { WechatLogin } from './wechat-login';

type Method = 'wechat' | 'account' | 'phone';

/**
 * The methods in the order each place wants them (docs/product/accounts.md): inside WeChat
 * WeChat itself first, on another phone the SMS code first, on a computer the password.
 */
const ORDER: Record<SignInPlace, Method[]> = {
  wechat: ['wechat', 'phone', 'account'],
  phone: ['phone', 'account', 'wechat'],
  desktop: ['wechat', 'account', 'phone'],
};
const FIRST: Record<SignInPlace, Method> = { wechat: 'wechat', phone: 'phone', desktop: 'account' };

interface SignInMethodsProps {
  /** The page to come back to after WeChat's authorisation (a path of this site). */
  returnTo: string;
  /** A password or SMS sign-in succeeded (the session is taken up already). */
  onSignedIn: () => void;
  /** The QR on a computer was confirmed. */
  onWechatQr: (outcome: WechatOutcome) => void;
  /** The password form's message for a malformed phone (the dialog words it its own way). */
  phoneBad?: string;
}

/**
 * 微信登录, 手机验证码登录 and 账号密码登录, everywhere a sign-in is asked for. WeChat is a
 * button inside WeChat's browser (web authorisation, no QR), the QR on a computer, and on
 * another phone's browser a note: that phone cannot scan its own screen.
 */
export function SignInMethods({
  returnTo,
  onSignedIn,
  onWechatQr,
  phoneBad = '请输入正确手机号',
}: SignInMethodsProps) {
  const place = useSignInPlace();
  const [chosen, setChosen] = useState<Method | null>(null);
  const tab = chosen ?? FIRST[place];

  const wechat =
    place === 'wechat' ? (
      <WechatAuthorise returnTo={returnTo} />
    ) : place === 'phone' ? (
      <p className={styles.phoneOnlyNote}>
        微信登录请在微信中打开本页面；在本机上请使用手机验证码或账号密码登录。
      </p>
    ) : (
      <WechatLogin isActive={tab === 'wechat'} onOutcome={onWechatQr} />
    );
  const content: Record<Method, { label: string; children: React.ReactNode }> = {
    wechat: { label: '微信登录', children: wechat },
    account: {
      label: '账号密码登录',
      children: (
        <PasswordLoginForm phoneEmpty="请输入手机号" phoneBad={phoneBad} onSuccess={onSignedIn} />
      ),
    },
    phone: { label: '手机验证码登录', children: <SmsLoginForm onSuccess={onSignedIn} /> },
  };

  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setChosen(key as Method)}
      centered
      items={ORDER[place].map((key) => ({ key, ...content[key] }))}
    />
  );
}
