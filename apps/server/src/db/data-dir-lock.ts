import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`数据目录 ${dataDir} 正被进程 ${pid} 使用：同一个 PGlite 数据目录只能由一个进程打开`);
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the PGlite data folder for this process (PGlite allows one process per folder; a second
 * one would corrupt it) with a `<folder>.lock` file beside it holding the owner's pid. A lock left
 * by a process that no longer runs is taken over.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = `${path.resolve(dataDir)}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(dataDir, owner);
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`无法锁定数据目录 ${dataDir}`);
}
