import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(`${dir}.lock`, { force: true });
});

describe('lockDataDir', () => {
  it('refuses a folder held by another running process', () => {
    // The parent of this test process is alive for the whole test.
    writeFileSync(`${dir}.lock`, String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/正被进程/);
  });

  it('takes over a lock left by a process that has ended', () => {
    writeFileSync(`${dir}.lock`, '999999999');
    const release = lockDataDir(dir);
    expect(existsSync(`${dir}.lock`)).toBe(true);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('can be taken again after release', () => {
    lockDataDir(dir)();
    const release = lockDataDir(dir);
    release();
  });
});
