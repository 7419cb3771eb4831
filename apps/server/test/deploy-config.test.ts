import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ConfigError, loadConfig, REPO_ROOT } from '../src/config/index';

/**
 * The production shape that the code cannot enforce by itself: nginx terminates TLS for every
 * connection (ASVS 9.1.1; the instances add HSTS, see security-headers.test.ts), and the example
 * environment file is one the server accepts, with the object-storage settings the README and
 * docs/operations.md document.
 */
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** The `server { … }` blocks of an nginx file, top level only. */
function serverBlocks(conf: string): string[] {
  const blocks: string[] = [];
  const lines = conf.split('\n').map((line) => line.replace(/#.*/, ''));
  let depth = 0;
  let current: string[] | null = null;
  for (const line of lines) {
    if (depth === 0 && /^\s*server\s*\{/.test(line)) current = [];
    current?.push(line);
    depth += (line.match(/\{/g) ?? []).length - (line.match(/\}/g) ?? []).length;
    if (depth === 0 && current) {
      blocks.push(current.join('\n'));
      current = null;
    }
  }
  return blocks;
}

describe('deploy/nginx/portal.conf', () => {
  const blocks = serverBlocks(read('deploy/nginx/portal.conf'));

  it('answers plain HTTP only with a redirect to HTTPS', () => {
    const plain = blocks.filter((block) => /listen\s+(\[::\]:)?80\s*;/.test(block));
    expect(plain).toHaveLength(1);
    expect(plain[0]).toMatch(/return\s+301\s+https:\/\/\$host\$request_uri;/);
    expect(plain[0]).not.toMatch(/proxy_pass|root\s/);
  });

  it('serves everything else over TLS 1.2 or 1.3 only, telling the instances it was TLS', () => {
    const others = blocks.filter((block) => !/listen\s+(\[::\]:)?80\s*;/.test(block));
    expect(others.length).toBeGreaterThan(0);
    for (const block of others) {
      expect(block).toMatch(/listen\s+443\s+ssl;/);
      expect(block).toMatch(/ssl_protocols\s+TLSv1\.2 TLSv1\.3;/);
      const proxied = block.split('location').filter((part) => part.includes('proxy_pass'));
      expect(proxied.length).toBeGreaterThan(0);
      for (const location of proxied) {
        expect(location).toMatch(/proxy_set_header X-Forwarded-Proto \$scheme;/);
      }
    }
  });
});

/** Stand-ins for the example's CHANGE-ME secrets, in the shape each variable takes. */
const keyPair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const REAL_SECRETS: Record<string, string> = {
  IDENTITY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  SMS_ALIYUN_ACCESS_KEY_SECRET: randomBytes(15).toString('hex'),
  WECHAT_MP_APP_SECRET: randomBytes(16).toString('hex'),
  WECHAT_MP_TOKEN: 'portalCallback2026',
  WECHAT_MP_ENCODING_AES_KEY: randomBytes(32).toString('base64').slice(0, 43).replace(/[+/]/g, 'x'),
  FACEID_SECRET_KEY: randomBytes(16).toString('hex'),
  ALIPAY_PRIVATE_KEY: keyPair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  ALIPAY_PUBLIC_KEY: keyPair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  MAP_KEY: randomBytes(16).toString('hex'),
  S3_ACCESS_KEY_ID: 'AKIAPORTAL0000000000',
  S3_SECRET_ACCESS_KEY: randomBytes(20).toString('base64'),
};

describe('deploy/systemd/portal.env.example', () => {
  const lines = read('deploy/systemd/portal.env.example').split('\n');
  const settings = (commented: boolean) =>
    Object.fromEntries(
      lines
        .map((line) =>
          (commented ? /^#([A-Z][A-Z0-9_]*)=(.*)$/ : /^([A-Z][A-Z0-9_]*)=(.*)$/).exec(line),
        )
        .filter((match): match is RegExpExecArray => match !== null)
        .map((match) => [match[1]!, match[2]!]),
    );

  it('is refused while its secrets are placeholders, naming each, and accepted once they are real', () => {
    const active = settings(false);
    const refused = (() => {
      try {
        loadConfig(active);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    })();
    const placeholders = Object.keys(active).filter((name) => active[name] === 'CHANGE-ME');
    expect(placeholders.length).toBeGreaterThan(5);
    for (const name of placeholders) {
      expect(
        refused.some((line) => line.startsWith(`${name}: `)),
        name,
      ).toBe(true);
    }
    const real = { ...active, ...REAL_SECRETS };
    const config = loadConfig(real);
    expect(config.storage.driver).toBe('local');
    expect(config.simulators).toBe(false);
    expect(config.services).toMatchObject({
      sms: { provider: 'aliyun' },
      wechat: { provider: 'mp' },
      realname: { provider: 'tencent' },
      payment: { provider: 'alipay' },
      map: { provider: 'tianditu' },
    });
    const active2 = real;
    const withBucket = loadConfig({ ...active2, ...settings(true), ...REAL_SECRETS });
    expect(withBucket.storage.driver).toBe('s3');
    expect(withBucket.storage.s3).toMatchObject({
      bucket: 'portal-files',
      endpoint: 'https://oss.example.gov.cn',
      forcePathStyle: true,
    });
  });

  it('names only settings the README documents, S3 ones as docs/operations.md does', () => {
    const readme = read('README.md');
    const operations = read('docs/operations.md');
    const names = [...Object.keys(settings(false)), ...Object.keys(settings(true))];
    expect(names).toEqual(expect.arrayContaining(['STORAGE', 'S3_BUCKET', 'S3_ENDPOINT']));
    for (const name of names) expect(readme, name).toContain(`\`${name}\``);
    for (const name of names.filter((n) => n.startsWith('S3_'))) {
      expect(operations, name).toContain(`\`${name}\``);
    }
  });
});
