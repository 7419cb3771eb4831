import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Starts the real server with `env` and returns its exit code and output (it must not listen). */
function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', PORT: '1', DATA_DIR: '/nonexistent/portal', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the server refuses to start with an unsafe or incomplete configuration', () => {
  it('never exposes the simulators on a public origin, and says why', () => {
    const run = start({ SIMULATORS: 'on', PUBLIC_ORIGIN: 'https://fc.qhd.gov.cn' });
    expect(run.status).toBe(1);
    expect(run.output).toContain('配置有误，服务未启动');
    expect(run.output).toMatch(/SIMULATORS: 模拟服务会公开所有短信验证码/);
  }, 60_000);

  it('names every missing service, the identity key and each placeholder secret in production', () => {
    const run = start({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'alipay',
      WECHAT_MP_APP_SECRET: 'CHANGE-ME',
    });
    expect(run.status).toBe(1);
    for (const line of [
      'SMS_PROVIDER: 生产环境必须配置该外部服务，或设为 off 明确停用',
      'ALIPAY_APP_ID: 使用 PAYMENT_PROVIDER=alipay 时必须设置',
      'IDENTITY_ENCRYPTION_KEY: 生产环境必须设置',
      'WECHAT_MP_APP_SECRET:',
    ]) {
      expect(run.output).toContain(line);
    }
  }, 60_000);

  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ALIPAY_KEYS = {
    ALIPAY_PRIVATE_KEY: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ALIPAY_PUBLIC_KEY: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };

  /** A production configuration that starts, but for the one unsafe setting of each case. */
  const PRODUCTION = {
    NODE_ENV: 'production',
    PUBLIC_ORIGIN: 'https://fc.qhd.example.cn',
    SMS_PROVIDER: 'off',
    WECHAT_PROVIDER: 'off',
    REALNAME_PROVIDER: 'off',
    PAYMENT_PROVIDER: 'off',
    IDENTITY_ENCRYPTION_KEY: 'q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA=',
  };

  it.each([
    [
      'simulators in production',
      { ...PRODUCTION, SIMULATORS: 'on', HOST: '0.0.0.0' },
      'SIMULATORS: 生产环境（NODE_ENV=production）不能开启模拟服务',
    ],
    [
      'the development identity key in production',
      { ...PRODUCTION, IDENTITY_ENCRYPTION_KEY: 'ZGV2LW9ubHktaWRlbnRpdHkta2V5LW5vdC1zZWNyZXQ=' },
      'IDENTITY_ENCRYPTION_KEY: 不能使用开发用的公开密钥',
    ],
    [
      'production without PUBLIC_ORIGIN',
      { ...PRODUCTION, PUBLIC_ORIGIN: '' },
      'PUBLIC_ORIGIN: 生产环境必须设置为站点的 https 地址',
    ],
    [
      'production on an http origin',
      { ...PRODUCTION, PUBLIC_ORIGIN: 'http://fc.qhd.example.cn' },
      'PUBLIC_ORIGIN: 生产环境必须使用 https 地址',
    ],
    [
      'Alipay without its seller id in production',
      {
        ...PRODUCTION,
        PAYMENT_PROVIDER: 'alipay',
        ALIPAY_APP_ID: '2021000000000001',
        ...ALIPAY_KEYS,
      },
      'ALIPAY_SELLER_ID: 生产环境使用 PAYMENT_PROVIDER=alipay 时必须设置',
    ],
    [
      'a public origin without NODE_ENV (demo data, development key)',
      { PUBLIC_ORIGIN: 'https://fc.qhd.gov.cn' },
      '请设置 NODE_ENV=production',
    ],
    ['every interface without NODE_ENV', { HOST: '0.0.0.0' }, 'HOST: 非生产环境只能监听本机地址'],
  ])(
    'refuses %s',
    (_case, env, line) => {
      const run = start(env);
      expect(run.status).toBe(1);
      expect(run.output).toContain('配置有误，服务未启动');
      expect(run.output).toContain(line);
    },
    60_000,
  );

  it('refuses demo seeding in production', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/seed/cli.ts'], {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: '/nonexistent/portal', ...PRODUCTION },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(`${result.stdout}${result.stderr}`).toContain(
      '生产环境（NODE_ENV=production）不生成演示数据和演示账号；运营人员账号请用 npm run admin:create',
    );
  }, 60_000);
});
