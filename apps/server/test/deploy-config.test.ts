import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../src/config/index';

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

  it('is accepted by the server as it stands and with its object-storage lines switched on', () => {
    const active = settings(false);
    expect(loadConfig(active).storage.driver).toBe('local');
    const withBucket = loadConfig({ ...active, ...settings(true) });
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
