import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { consentedStatus } from '../../../test/legal';
import { renderWithProviders } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import { MyData } from './my-data';

const REFUSAL = '您发布的房源或参与的房聊有待平台处理的举报，请在处理完成后再注销账号';

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.logout();
});

describe('closing the account on /myData', () => {
  it('shows why closing must wait while a report is open, and keeps the citizen signed in', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input instanceof Request ? input.url : input);
        calls.push(url);
        if (url.includes('/api/users/me/close'))
          return Response.json({ code: '20012', message: REFUSAL, data: null }, { status: 409 });
        return Response.json({ code: '000000', message: 'ok', data: consentedStatus() });
      }),
    );
    signInForTest('csrf-test');
    renderWithProviders(<MyData />, { url: '/myData' });

    expect(screen.getByText(/房聊记录（对方的记录完整保留，您显示为“已注销用户”）/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '注销账号' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入登录密码'), {
      target: { value: 'Close@2026' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认注销' }));

    const alert = await within(dialog).findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('暂时不能注销');
    expect(alert.textContent).toContain(REFUSAL);
    expect(calls.some((url) => url.includes('/api/users/me/close'))).toBe(true);
    await waitFor(() => expect(authStore.getState().session).not.toBeNull());
  }, 30_000);
});
