import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.simulators).toBe(true);
    expect(config.dataDir.endsWith('data')).toBe(true);
    expect(config.uploadsDir.endsWith('data/uploads')).toBe(true);
  });

  it('takes the SMS codes one address may ask for in an hour, 20 unless set', () => {
    expect(loadConfig({}).smsCodesPerClientPerHour).toBe(20);
    expect(loadConfig({ SMS_CODES_PER_CLIENT: '200' }).smsCodesPerClientPerHour).toBe(200);
    expect(() => loadConfig({ SMS_CODES_PER_CLIENT: '0' })).toThrow(ConfigError);
  });

  it('refuses to start naming every bad variable', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SIMULATORS: 'maybe', REDIS_URL: 'x' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'SIMULATORS', 'REDIS_URL']) {
      expect(problems).toContain(name);
    }
    expect((caught as ConfigError).message).toContain('配置有误');
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});

describe('object storage settings', () => {
  it('keeps files on the local disk by default: public uploads and a private folder', () => {
    const { storage, dataDir } = loadConfig({});
    expect(storage.driver).toBe('local');
    expect(storage.publicDir).toBe(`${dataDir}/uploads`);
    expect(storage.privateDir).toBe(`${dataDir}/private`);
    expect(storage.s3).toBeUndefined();
  });

  it('selects an S3-compatible bucket, virtual-hosted unless path style is asked for', () => {
    const { storage } = loadConfig({
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'portal-files',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(storage.driver).toBe('s3');
    expect(storage.s3).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'portal-files',
      forcePathStyle: false,
    });
    const minio = loadConfig({
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'portal-files',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(minio.storage.s3).toMatchObject({ forcePathStyle: true });
    const aws = loadConfig({ STORAGE: 's3', S3_BUCKET: 'portal-files', S3_REGION: 'cn-north-1' });
    expect(aws.storage.s3).toMatchObject({ endpoint: undefined, forcePathStyle: false });
  });

  it('names every missing or bad storage variable at once', () => {
    let caught: unknown;
    try {
      loadConfig({
        STORAGE: 's3',
        S3_ENDPOINT: 'not a url',
        S3_ACCESS_KEY_ID: 'key',
        S3_PUBLIC_BASE_URL: 'cdn',
        PORT: 'abc',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toContain('S3_BUCKET: 使用 STORAGE=s3 时必须设置');
    expect(problems).toContain('S3_SECRET_ACCESS_KEY: 应与 S3_ACCESS_KEY_ID 一起设置');
    for (const name of ['S3_ENDPOINT', 'S3_PUBLIC_BASE_URL', 'PORT'])
      expect(problems).toContain(name);
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE: 应为 local 或 s3/);
  });
});
