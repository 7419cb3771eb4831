import { spawnSync } from 'node:child_process';
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
});
