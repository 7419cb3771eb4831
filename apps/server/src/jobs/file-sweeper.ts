import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import type { ObjectStorage } from '../integrations/storage/index';
import { UPLOAD_FOLDERS, type UploadFolder } from './file-references';

/** Time between two sweeps of unattached uploads, ms (hourly: nothing here is urgent). */
export const FILE_SWEEP_INTERVAL_MS = 60 * 60_000;
/** First sweep this long after start-up, ms, so a starting instance is not slowed by it. */
export const FILE_SWEEP_FIRST_DELAY_MS = 60_000;
/**
 * How long an upload may stay unattached, ms: long enough for someone filling in the listing
 * wizard or writing an article over a day, short enough that abandoned ID-card photos go soon.
 */
export const ORPHAN_GRACE_MS = 24 * 60 * 60_000;
/** Keys checked against the database at once. */
const BATCH_SIZE = 200;

export interface FileSweepOptions {
  graceMs?: number;
  folders?: readonly UploadFolder[];
}

async function sweepBatch(
  db: Db,
  storage: ObjectStorage,
  folder: UploadFolder,
  keys: string[],
): Promise<number> {
  const inUse = await folder.referenced(db, keys);
  const orphans = keys.filter((key) => !inUse.has(key));
  await Promise.all(orphans.map((key) => storage.delete(folder.visibility, key)));
  return orphans.length;
}

/**
 * Deletes uploaded files that no record refers to once they are older than the grace period:
 * pictures uploaded in an abandoned listing wizard, replaced avatars, news pictures never used,
 * album pictures and invoices whose record went. Each candidate is checked against the database
 * just before it is deleted, and deleting a file already gone is no error, so several instances
 * may sweep at once. Returns the number of files deleted.
 */
export async function sweepOrphanFiles(
  db: Db,
  storage: ObjectStorage,
  now: Date = new Date(),
  options: FileSweepOptions = {},
): Promise<number> {
  const cutoff = now.getTime() - (options.graceMs ?? ORPHAN_GRACE_MS);
  let deleted = 0;
  for (const folder of options.folders ?? UPLOAD_FOLDERS) {
    let batch: string[] = [];
    for await (const object of storage.list(folder.visibility, folder.prefix)) {
      if (object.lastModified.getTime() > cutoff) continue;
      batch.push(object.key);
      if (batch.length === BATCH_SIZE) {
        deleted += await sweepBatch(db, storage, folder, batch);
        batch = [];
      }
    }
    if (batch.length > 0) deleted += await sweepBatch(db, storage, folder, batch);
  }
  return deleted;
}

export interface FileSweeperOptions {
  /** Run the sweeper at all (off in API tests, which sweep with their own clock). */
  enabled: boolean;
  intervalMs?: number;
}

/**
 * Starts the file sweeper when the app is ready (first run after a minute, then hourly) and
 * stops it on close. A sweep never overlaps the previous one; a failing sweep is logged and
 * retried at the next tick.
 */
export const fileSweeperPlugin = fp<FileSweeperOptions>(async (app: FastifyInstance, options) => {
  if (!options.enabled) return;
  const intervalMs = options.intervalMs ?? FILE_SWEEP_INTERVAL_MS;
  const timers: NodeJS.Timeout[] = [];
  let running: Promise<void> | null = null;

  const tick = () => {
    if (running) return;
    running = sweepOrphanFiles(app.db, app.storage)
      .then((deleted) => {
        if (deleted > 0) app.log.info({ deleted }, 'deleted unattached uploads');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'file sweep failed'))
      .finally(() => {
        running = null;
      });
  };

  app.addHook('onReady', async () => {
    timers.push(setTimeout(tick, Math.min(FILE_SWEEP_FIRST_DELAY_MS, intervalMs)));
    timers.push(setInterval(tick, intervalMs));
    for (const timer of timers) timer.unref();
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    if (running) await running;
  });
});
