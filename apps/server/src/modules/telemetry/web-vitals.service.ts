import { beijingDate } from '@portal/shared/beijing-time';
import { webVitalBucket } from '@portal/shared/domain/web-vitals';
import type { WebVitalsBeacon } from '@portal/shared/schemas/telemetry';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webVitalCounts } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { appPageOf } from '../seo/index';
import { webVitalsWindow } from './web-vitals-window';

/**
 * Counts one visit's figures into its day's buckets (docs/decisions/0060-real-visit-figures.md):
 * one upsert, each metric adding one to the count of (day, page type, metric, device, bucket).
 * The page must be one of the site's pages, named as the page table spells it; anything else
 * is refused, so the table never holds an address, an id or a made-up page.
 */
export async function recordWebVitals(db: Db, beacon: WebVitalsBeacon, now: Date): Promise<void> {
  const pageType = appPageOf(beacon.page);
  if (!pageType) {
    throw new AppError('VALIDATION_FAILED', '页面类型不正确：应为本站页面的路径', [
      { field: 'page', message: '页面类型不正确' },
    ]);
  }
  const day = beijingDate(now);
  await db
    .insert(webVitalCounts)
    .values(
      beacon.metrics.map((m) => ({
        day,
        pageType,
        metric: m.name,
        device: beacon.device,
        bucket: webVitalBucket(m.name, m.value),
        count: 1,
      })),
    )
    .onConflictDoUpdate({
      target: [
        webVitalCounts.day,
        webVitalCounts.pageType,
        webVitalCounts.metric,
        webVitalCounts.device,
        webVitalCounts.bucket,
      ],
      set: { count: sql`${webVitalCounts.count} + 1` },
    });
}

/** Deletes the counts of the days before the window (the record sweeper, hourly). */
export async function purgeOldWebVitals(db: Db, now: Date): Promise<number> {
  const { from } = webVitalsWindow(now);
  const purged = await db
    .delete(webVitalCounts)
    .where(lt(webVitalCounts.day, from))
    .returning({ day: webVitalCounts.day });
  return purged.length;
}
