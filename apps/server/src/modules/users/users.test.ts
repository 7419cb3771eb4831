import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { call, createUser, login } from '../auth/auth-test-helpers';

let t: TestApp;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  await createUser(t.database.db, '13700000081');
  token = await login(app, '13700000081');
});
afterAll(() => t.dispose());

function multipart(bytes: Buffer, filename: string) {
  const boundary = '----portal-test';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return app.inject({
    method: 'POST',
    url: '/api/users/me/avatar',
    payload,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
}

describe('profile', () => {
  it('saves nickname, gender, birthday and signature', async () => {
    const body = {
      nickName: '海边看房',
      gender: 1,
      birthday: '1990-03-15',
      remark: '想在海港区买房',
    };
    const saved = await call(app, 'PUT', '/api/users/me', body, token);
    expect(saved.json().code).toBe('000000');
    const me = await call(app, 'GET', '/api/auth/me', undefined, token);
    expect(me.json().data).toMatchObject({
      nickName: '海边看房',
      gender: 1,
      birthday: '1990-03-15',
      remark: '想在海港区买房',
    });
  });

  it('refuses a short nickname, a long signature, a bad gender and a future birthday', async () => {
    const base = { nickName: '海边看房', gender: 2, birthday: null, remark: '' };
    const cases: Array<[object, string]> = [
      [{ ...base, nickName: '海' }, '长度在 3 到 15 个字符'],
      [{ ...base, remark: '签'.repeat(21) }, '个性签名最多20个字符'],
      [{ ...base, gender: 3 }, '请选择性别'],
      [{ ...base, birthday: '2999-01-01' }, '请选择正确的生日'],
      [{ ...base, birthday: '1990-02-30' }, '请选择正确的生日'],
    ];
    for (const [body, message] of cases) {
      const response = await call(app, 'PUT', '/api/users/me', body, token);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });
});

describe('avatar', () => {
  it('stores a real image in 200, 100 and 48 px and shows it as the avatar', async () => {
    const png = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer();
    const response = await multipart(png, 'avatar.jpg');
    expect(response.statusCode).toBe(200);
    const stored = response.json().data.path as string;
    expect(stored).toMatch(/^avatar\/\d+\/[0-9a-f]+-200\.jpg$/);
    for (const size of [200, 100, 48]) {
      const file = path.join(t.config.uploadsDir, stored.replace('-200.jpg', `-${size}.jpg`));
      expect(existsSync(file)).toBe(true);
      expect((await sharp(file).metadata()).width).toBe(size);
    }
    const me = await call(app, 'GET', '/api/auth/me', undefined, token);
    expect(me.json().data.avatar).toBe(stored);
  });

  it('refuses a file that is not an image whatever its name', async () => {
    const response = await multipart(Buffer.from('<script>alert(1)</script>'), 'avatar.jpg');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('文件格式错误，请上传图片类型,如：JPG，PNG后缀的文件。');
  });
});

describe('real-name verification simulator', () => {
  it('passes with a valid ID number and the status turns true', async () => {
    // The separate privacy consent, as the dialog asks for it before the QR.
    const privacy = await call(app, 'GET', '/api/legal/privacy');
    const version = privacy.json().data.version as number;
    await call(app, 'POST', '/api/legal/me/acceptances', { kind: 'privacy', version }, token);
    const qr = await call(app, 'POST', '/api/users/me/realname-qr', undefined, token);
    const { confirmUrl } = qr.json().data as { confirmUrl: string };
    const pagePath = new URL(confirmUrl).pathname;
    const form = (idCard: string, result: string) =>
      app.inject({
        method: 'POST',
        url: pagePath,
        payload: `realName=${encodeURIComponent('李思远')}&idCard=${idCard}&result=${result}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await form('130302199003151234', 'pass')).body).toContain('认证成功');
    const status = await call(app, 'GET', '/api/auth/realname-status', undefined, token);
    expect(status.json().data).toBe(true);
    expect((await form('130302199003151234', 'pass')).statusCode).toBe(409);
  });
});

describe('长辈版 kept with the account', () => {
  it('is off at first, kept once switched on, and off again after 退出长辈版', async () => {
    const first = await call(app, 'GET', '/api/users/me/care-mode', undefined, token);
    expect(first.json()).toMatchObject({ code: '000000', data: { isOn: false } });
    const on = await call(app, 'PUT', '/api/users/me/care-mode', { isOn: true }, token);
    expect(on.json()).toMatchObject({
      code: '000000',
      message: '已开启长辈版',
      data: { isOn: true },
    });
    const kept = await call(app, 'GET', '/api/users/me/care-mode', undefined, token);
    expect(kept.json().data).toEqual({ isOn: true });
    await call(app, 'PUT', '/api/users/me/care-mode', { isOn: false }, token);
    const off = await call(app, 'GET', '/api/users/me/care-mode', undefined, token);
    expect(off.json().data).toEqual({ isOn: false });
  });

  it('answers a visitor with 401 and a wrong body with a Chinese 400', async () => {
    const visitor = await call(app, 'GET', '/api/users/me/care-mode');
    expect(visitor.statusCode).toBe(401);
    const wrong = await call(app, 'PUT', '/api/users/me/care-mode', { isOn: 'yes' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/[\u4e00-\u9fa5]/);
  });
});
