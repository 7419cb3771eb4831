import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { renderWithProviders } from '../../../test/render';
import { LoginDialog } from './login-dialog';

describe('LoginDialog', () => {
  afterEach(() => act(() => authStore.setLoginDialogOpen(false)));

  it('opens on demand and asks for the agreement before signing in', async () => {
    renderWithProviders(<LoginDialog />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => authStore.setLoginDialogOpen(true));
    await screen.findByRole('dialog', { name: '登录' });
    // Every method is offered; on a computer the password form is open first.
    for (const name of ['微信登录', '账号密码登录', '手机验证码登录']) {
      expect(screen.getByRole('tab', { name })).toBeTruthy();
    }
    expect(screen.getByRole('tab', { name: '账号密码登录' }).getAttribute('aria-selected')).toBe(
      'true',
    );

    fireEvent.click(screen.getByRole('button', { name: '登 录' }));
    expect(
      await screen.findByText('登录需您阅读并同意《房地产交易服务平台用户服务协议》'),
    ).toBeTruthy();
    const accept = await screen.findByRole('button', { name: '同意并继续' });
    expect(accept.hasAttribute('disabled')).toBe(true);
  });

  it('checks the phone on blur with the dialog texts', async () => {
    renderWithProviders(<LoginDialog />);
    act(() => authStore.setLoginDialogOpen(true));
    const phone = await screen.findByPlaceholderText('请输入手机号');
    fireEvent.change(phone, { target: { value: '12a34' } });
    fireEvent.blur(phone);
    expect(await screen.findByText('手机号格式错误')).toBeTruthy();
    expect((phone as HTMLInputElement).value).toBe('1234');
  });
});
