import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { GroupBuyForm } from './group-buy-form';

describe('group-buy sign-up form', { timeout: 20_000 }, () => {
  it('requires name and phone with their messages', async () => {
    renderWithProviders(<GroupBuyForm projectId={1} onDone={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: /提交报名/ }));
    expect(await screen.findByText('请输入姓名', {}, { timeout: 8000 })).toBeTruthy();
    expect(await screen.findByText('请输入联系电话', {}, { timeout: 8000 })).toBeTruthy();
  });

  it('refuses a malformed phone and caps it at 11 characters', async () => {
    renderWithProviders(<GroupBuyForm projectId={1} onDone={vi.fn()} />);
    const phone = screen.getByLabelText('联系电话');
    expect(phone.getAttribute('maxlength')).toBe('11');
    fireEvent.change(phone, { target: { value: '12345678901' } });
    fireEvent.click(screen.getByRole('button', { name: /提交报名/ }));
    expect(await screen.findByText('手机号码格式错误', {}, { timeout: 8000 })).toBeTruthy();
  });
});
