import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SharedAgreement } from './agreement';
import { SignInMethods } from './sign-in-methods';

const WECHAT_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.48(0x18003030) NetType/WIFI Language/zh_CN';

function renderAt(options: { agent?: string; phone: boolean }) {
  if (options.agent) vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(options.agent);
  const original = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...original(query),
    matches: options.phone && query.includes('max-width: 767px'),
  }));
  renderWithProviders(
    <SharedAgreement>
      <SignInMethods returnTo="/houses/1?room=2" onSignedIn={() => {}} onWechatQr={() => {}} />
    </SharedAgreement>,
  );
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const selected = () => screen.getByRole('tab', { selected: true }).textContent;

describe('SignInMethods', () => {
  afterEach(() => vi.restoreAllMocks());

  it('inside WeChat: WeChat first, as a button — no QR for the phone in hand', () => {
    renderAt({ agent: WECHAT_AGENT, phone: true });
    expect(tabNames()).toEqual(['微信登录', '手机验证码登录', '账号密码登录']);
    expect(selected()).toBe('微信登录');
    expect(screen.getByRole('button', { name: /微信一键登录/ })).toBeTruthy();
    expect(screen.queryByRole('img', { name: '微信登录二维码' })).toBeNull();
  });

  it('on another phone browser: the SMS code first, and WeChat without a QR', () => {
    renderAt({ phone: true });
    expect(tabNames()).toEqual(['手机验证码登录', '账号密码登录', '微信登录']);
    expect(selected()).toBe('手机验证码登录');
  });

  it('on a computer: every method, the password first', () => {
    renderAt({ phone: false });
    expect(tabNames()).toEqual(['微信登录', '账号密码登录', '手机验证码登录']);
    expect(selected()).toBe('账号密码登录');
  });
});
