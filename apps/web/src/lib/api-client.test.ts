import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInForTest } from '../test/session';
import { ApiError, apiDelete, apiGet, apiPost, apiPut } from './api-client';
import { authStore } from './auth-store';
import { notifyError } from './notify';
import { readCsrfToken } from './session-cookie';

vi.mock('./notify', () => ({ notifyError: vi.fn() }));

function respond(status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return vi.fn(
    async () => new Response(text, { status, headers: { 'content-type': 'application/json' } }),
  );
}

describe('api client', () => {
  beforeEach(() => vi.mocked(notifyError).mockClear());
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.clear();
  });

  it('unwraps data on 000000 and sends the query, with no token of its own', async () => {
    const fetchMock = respond(200, { code: '000000', message: '操作成功', data: { total: 3 } });
    vi.stubGlobal('fetch', fetchMock);
    signInForTest('csrf-abc123');

    await expect(apiGet('/api/news', { pageNum: 1, keyword: '', type: 2 })).resolves.toEqual({
      total: 3,
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/news?pageNum=1&type=2');
    const headers = new Headers(init.headers);
    // The session goes in its HttpOnly cookie; a read needs no CSRF token.
    expect(headers.get('Authorization')).toBeNull();
    expect(headers.get('X-CSRF-Token')).toBeNull();
  });

  it('echoes the CSRF cookie in X-CSRF-Token on every state change', async () => {
    const fetchMock = respond(200, { code: '000000', message: '', data: null });
    vi.stubGlobal('fetch', fetchMock);
    signInForTest('csrf-of-this-session');

    await apiPost('/api/favourites', { projectId: 1 });
    await apiPut('/api/users/me', { nickName: '海边' });
    await apiDelete('/api/favourites/1');
    for (const call of fetchMock.mock.calls as unknown as Array<[string, RequestInit]>) {
      expect(new Headers(call[1].headers).get('X-CSRF-Token')).toBe('csrf-of-this-session');
      expect(new Headers(call[1].headers).get('Authorization')).toBeNull();
    }
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('sends no CSRF header while signed out', async () => {
    const fetchMock = respond(200, { code: '000000', message: '', data: null });
    vi.stubGlobal('fetch', fetchMock);
    await apiPost('/api/auth/login', { account: '13800000001', password: 'x' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).has('X-CSRF-Token')).toBe(false);
  });

  it('shows the server message when a state change is refused by the CSRF check', async () => {
    vi.stubGlobal(
      'fetch',
      respond(403, { code: '10419', message: '请求来源校验失败，请刷新页面后重试', data: null }),
    );
    signInForTest('csrf-stale');
    await expect(apiPost('/api/orders', { roomId: 1 }, { toast: true })).rejects.toMatchObject({
      code: '10419',
      status: 403,
    });
    expect(notifyError).toHaveBeenCalledWith('请求来源校验失败，请刷新页面后重试');
    expect(authStore.getState().isLoggedIn).toBe(true);
  });

  it('throws the server code and message, with a toast when asked', async () => {
    vi.stubGlobal('fetch', respond(409, { code: '10409', message: '该房源已被锁定', data: null }));
    const error = await apiPost('/api/orders', { roomId: 1 }, { toast: true }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: '10409', message: '该房源已被锁定', status: 409 });
    expect(notifyError).toHaveBeenCalledWith('该房源已被锁定');
  });

  it('stays quiet without the toast option', async () => {
    vi.stubGlobal('fetch', respond(200, { code: '10001', message: '请求参数不正确', data: null }));
    await expect(apiGet('/api/x')).rejects.toMatchObject({ code: '10001' });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('uses 系统错误 when a failed response has no message', async () => {
    vi.stubGlobal('fetch', respond(502, '<html>Bad gateway</html>'));
    await expect(apiGet('/api/x', undefined, { toast: true })).rejects.toMatchObject({
      code: 'HTTP_502',
      message: '系统错误',
      status: 502,
    });
    expect(notifyError).toHaveBeenCalledWith('系统错误');
  });

  it('reports a network failure as 系统错误', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiGet('/api/x')).rejects.toMatchObject({ code: 'NETWORK', message: '系统错误' });
  });

  it('signs the user out silently on 90001', async () => {
    vi.stubGlobal(
      'fetch',
      respond(401, { code: '90001', message: '登录已失效，请重新登录', data: null }),
    );
    signInForTest('csrf-of-expired-session');
    await expect(apiGet('/api/me', undefined, { toast: true })).rejects.toMatchObject({
      code: '90001',
    });
    expect(authStore.getState().isLoggedIn).toBe(false);
    expect(readCsrfToken()).toBeNull();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('sends JSON bodies', async () => {
    const fetchMock = respond(200, { code: '000000', message: '', data: null });
    vi.stubGlobal('fetch', fetchMock);
    await apiPost('/api/feedback', { content: '建议' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ content: '建议' }));
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });
});
