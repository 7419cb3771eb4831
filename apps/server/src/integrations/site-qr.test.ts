import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { decodeQrSvg as scan } from '../../test/qr-decode';

const ORIGIN = 'https://fc.example.gov.cn';
const MINI_PROGRAM = 'https://wxaurl.cn/AbCdEf12345';
let site: TestApp;
let withMiniProgram: TestApp;

beforeAll(async () => {
  [site, withMiniProgram] = await Promise.all([
    createTestApp({ env: { PUBLIC_ORIGIN: ORIGIN } }),
    createTestApp({ env: { PUBLIC_ORIGIN: ORIGIN, MINI_PROGRAM_URL: MINI_PROGRAM } }),
  ]);
}, 60_000);
afterAll(async () => Promise.all([site.dispose(), withMiniProgram.dispose()]));

const qrOf = (t: TestApp, path: string) =>
  t.app.inject({ url: `/api/site/qr.svg?path=${encodeURIComponent(path)}` });

describe('GET /api/site/qr.svg: the 掌上服务 code drawn by the server', () => {
  it('encodes the page on the site’s public address, as an SVG picture a phone can cache', async () => {
    const res = await qrOf(site, '/houseHome?id=12');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(scan(res.body)).toBe(`${ORIGIN}/houseHome?id=12`);
    expect(scan((await qrOf(site, '/')).body)).toBe(`${ORIGIN}/`);
  });

  it('encodes the mini-program’s link instead when one is configured', async () => {
    const res = await qrOf(withMiniProgram, '/informationAndPolicyDetails?id=3');
    expect(res.statusCode).toBe(200);
    expect(scan(res.body)).toBe(MINI_PROGRAM);
  });

  it.each([
    ['another host', 'https://evil.example.com/'],
    ['a host after two slashes', '//evil.example.com/'],
    ['a host after a backslash', '/\\evil.example.com/'],
    ['a tab the address parser drops', '/\t/evil.example.com/'],
    ['a relative path', 'houseHome?id=1'],
    ['an empty path', ''],
    ['an overlong path', `/${'a'.repeat(300)}`],
  ])('refuses %s with a 400 and a Chinese message', async (_, path) => {
    const res = await qrOf(site, path);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/页面地址/);
  });

  it('asks for the page when none is given', async () => {
    const res = await site.app.inject({ url: '/api/site/qr.svg' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('请提供页面地址');
  });
});
