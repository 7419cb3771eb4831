// Seeds the demo city into a fresh PGlite data folder and records how long it took.
// Target: the full city (scale 1) in under 60 s on PGlite. Run: npm run seed-city -w @portal/bench -- [scale]
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client';
import { seedCity } from '../apps/server/src/seed/index';

const scale = Number(process.argv[2] ?? '1');
const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-seed-'));
try {
  const openedAt = performance.now();
  const database = await openDatabase({ dataDir: path.join(dir, 'db') });
  await migrateDatabase(database);
  const seedStart = performance.now();
  const summary = await seedCity(database.db, { scale, uploadsDir: path.join(dir, 'uploads') });
  const seedSeconds = (performance.now() - seedStart) / 1000;
  await database.close();
  const line = {
    date: new Date().toISOString().slice(0, 10),
    scale,
    node: process.version,
    cpus: cpus().length,
    openAndMigrateSeconds: Number(((seedStart - openedAt) / 1000).toFixed(1)),
    seedSeconds: Number(seedSeconds.toFixed(1)),
    counts: summary.counts,
  };
  console.log(JSON.stringify(line));
  if (scale === 1 && seedSeconds > 60) {
    console.error('over target: the full city must seed in under 60 s on PGlite');
    process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
