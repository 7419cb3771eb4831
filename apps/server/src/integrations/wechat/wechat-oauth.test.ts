import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../../test/fakes/fake-server';
import { closedOrigin } from '../../../test/logged-app';
import { AppError } from '../../lib/app-error';
import { createWechatOAuthMp } from './wechat-oauth';

/*
 * The Official Account's web authorisation against a fake of WeChat's sns endpoints, speaking
 * WeChat's documented answers: the authorize URL, the code exchange, the userinfo call for
 * snsapi_userinfo, and WeChat's refusals turned into our errors without the code or secret.
 */
const APP_ID = 'wx0123456789abcdef';
const SECRET = 'secret0123456789abcdef0123456789';
const OPENID = 'oPortalOAuthUser01';
let server: FakeServer;

beforeAll(async () => {
  server = await startFakeServer((request) => {
    const q = request.url.searchParams;
    if (request.url.pathname === '/sns/oauth2/access_token') {
      if (q.get('appid') !== APP_ID || q.get('secret') !== SECRET) {
        return { body: JSON.stringify({ errcode: 40125, errmsg: 'invalid appsecret' }) };
      }
      if (q.get('grant_type') !== 'authorization_code') return { status: 400, body: '{}' };
      if (q.get('code') === 'used-code') {
        return { body: JSON.stringify({ errcode: 40163, errmsg: 'code been used, rid: 1' }) };
      }
      return {
        body: JSON.stringify({
          access_token: 'user-token-abc',
          expires_in: 7200,
          refresh_token: 'refresh',
          openid: OPENID,
          scope: 'snsapi_userinfo',
        }),
      };
    }
    if (request.url.pathname === '/sns/userinfo') {
      if (q.get('access_token') !== 'user-token-abc' || q.get('openid') !== OPENID) {
        return { body: JSON.stringify({ errcode: 40001, errmsg: 'invalid credential' }) };
      }
      return { body: JSON.stringify({ openid: OPENID, nickname: '张', unionid: 'uPortal01' }) };
    }
    return { status: 404, body: '{}' };
  });
});
afterAll(() => server.close());

const gateway = (apiBase: string, appSecret = SECRET) =>
  createWechatOAuthMp({ appId: APP_ID, appSecret, apiBase }, undefined, 500);

describe('WeChat web authorisation of the Official Account', () => {
  it('sends the browser to open.weixin.qq.com with the parameters in WeChat’s order', () => {
    const url = gateway(server.origin).authorizeUrl({
      redirectUri: 'https://fang.example.cn/api/auth/wechat/oauth/callback',
      state: 'st4te',
      scope: 'snsapi_userinfo',
      origin: 'https://fang.example.cn',
    });
    expect(url).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx0123456789abcdef' +
        '&redirect_uri=https%3A%2F%2Ffang.example.cn%2Fapi%2Fauth%2Fwechat%2Foauth%2Fcallback' +
        '&response_type=code&scope=snsapi_userinfo&state=st4te#wechat_redirect',
    );
  });

  it('exchanges a code for the openid, and asks userinfo for the unionid', async () => {
    expect(await gateway(server.origin).userOf('good-code', 'snsapi_base')).toEqual({
      openid: OPENID,
      unionid: null,
    });
    expect(await gateway(server.origin).userOf('good-code', 'snsapi_userinfo')).toEqual({
      openid: OPENID,
      unionid: 'uPortal01',
    });
    const exchange = server.requests.find((r) => r.url.pathname === '/sns/oauth2/access_token');
    expect(exchange?.method).toBe('GET');
  });

  it('turns a used code into WECHAT_OAUTH_CODE_INVALID and other failures into 503', async () => {
    const closed = await closedOrigin();
    const wrongSecret = 'ffffffffffffffffffffffffffffffff';
    const cases: Array<[() => Promise<unknown>, string]> = [
      [() => gateway(server.origin).userOf('used-code', 'snsapi_base'), '85015'],
      [() => gateway(server.origin, wrongSecret).userOf('c', 'snsapi_base'), '85010'],
      [() => gateway(closed).userOf('good-code', 'snsapi_base'), '85010'],
    ];
    for (const [run, code] of cases) {
      const error = await run().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe(code);
      const cause = String((error as AppError).cause);
      for (const secret of ['used-code', 'good-code', SECRET, 'ffffffff', 'user-token-abc']) {
        expect(cause).not.toContain(secret);
      }
    }
  });
});
