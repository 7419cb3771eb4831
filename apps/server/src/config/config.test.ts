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

  it('turns simulators off in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).simulators).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SIMULATORS: 'on' }).simulators).toBe(true);
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
