import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { renderWithProviders } from '../../../test/render';
import { LoginDialog } from './login-dialog';

describe('LoginDialog', () => {
  afterEach(() => act(() => authStore.setLoginDialogOpen(false)));

  it('opens on demand and asks for the agreement before signing in', async () => {
    renderWithProviders(<LoginDialog />);
    expect(screen.queryByText('账号密码登录')).toBeNull();
    act(() => authStore.setLoginDialogOpen(true));
    expect(await screen.findByText('账号密码登录')).toBeTruthy();

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
