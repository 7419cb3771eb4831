import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LoginPanel } from './login-panel';

describe('LoginPanel', () => {
  it('keeps the agreement tick when the visitor changes sign-in tab', async () => {
    renderWithProviders(<LoginPanel />);
    const accountTick = await screen.findByRole('checkbox', { name: /我已阅读并同意/ });
    fireEvent.click(accountTick);
    expect((accountTick as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('tab', { name: '手机验证码登录' }));
    const panel = await screen.findByRole('tabpanel', { name: '手机验证码登录' });
    const smsTick = panel.querySelector('input[type="checkbox"]') as HTMLInputElement;
    expect(smsTick.checked).toBe(true);

    fireEvent.click(smsTick);
    fireEvent.click(screen.getByRole('tab', { name: '账号密码登录' }));
    expect(
      ((await screen.findByRole('checkbox', { name: /我已阅读并同意/ })) as HTMLInputElement)
        .checked,
    ).toBe(false);
  });
});
