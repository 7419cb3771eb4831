import { PASSWORD_RULE_MESSAGE } from '@portal/shared/schemas/auth';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ForgetPasswordForm } from './forget-password-form';

describe('ForgetPasswordForm', () => {
  it('applies the registration password rule and asks for the new password twice', async () => {
    renderWithProviders(<ForgetPasswordForm />);
    const password = screen.getByPlaceholderText('请输入新密码');
    fireEvent.change(password, { target: { value: 'short' } });
    fireEvent.blur(password);
    expect(await screen.findByText(PASSWORD_RULE_MESSAGE)).toBeTruthy();

    fireEvent.change(password, { target: { value: 'Renewed2026' } });
    const again = screen.getByPlaceholderText('请再次输入新密码');
    fireEvent.change(again, { target: { value: 'Renewed2027' } });
    fireEvent.blur(again);
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();

    fireEvent.change(again, { target: { value: 'Renewed2026' } });
    fireEvent.blur(again);
    await waitFor(() => expect(screen.queryByText('两次输入的密码不一致')).toBeNull(), {
      timeout: 3000,
    });
  });
});
