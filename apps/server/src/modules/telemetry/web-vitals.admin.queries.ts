import { rateWebVital, summariseBuckets } from '@portal/shared/domain/web-vitals';
import type { DeviceClass, WebVitalMetric } from '@portal/shared/schemas/telemetry';
import type { WebVitalsSummary } from '@portal/shared/schemas/telemetry/admin';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webVitalCounts } from '../../db/schema/index';
import { WEB_VITALS_WINDOW_DAYS, webVitalsWindow } from './web-vitals-window';

const METRIC_ORDER: readonly WebVitalMetric[] = ['LCP', 'INP', 'CLS'];

/**
 * p75 of real visits per page type and metric over the window's days (all devices, or one
 * device class), from the bucket counts: page types in path order, metrics LCP, INP, CLS.
 */
export async function webVitalsSummary(
  db: Db,
  now: Date,
  device?: DeviceClass,
): Promise<WebVitalsSummary> {
  const { from, to } = webVitalsWindow(now);
  const counts = await db
    .select({
      pageType: webVitalCounts.pageType,
      metric: webVitalCounts.metric,
      bucket: webVitalCounts.bucket,
      count: sql<number>`sum(${webVitalCounts.count})::float8`.mapWith(Number),
    })
    .from(webVitalCounts)
    .where(
      and(
        gte(webVitalCounts.day, from),
        lte(webVitalCounts.day, to),
        device ? eq(webVitalCounts.device, device) : undefined,
      ),
    )
    .groupBy(webVitalCounts.pageType, webVitalCounts.metric, webVitalCounts.bucket)
    .orderBy(asc(webVitalCounts.pageType), asc(webVitalCounts.metric));

  const groups = new Map<string, { bucket: number; count: number }[]>();
  for (const row of counts) {
    const key = `${row.pageType}\u0000${row.metric}`;
    const list = groups.get(key) ?? [];
    list.push({ bucket: row.bucket, count: row.count });
    groups.set(key, list);
  }
  const rows = [...groups.entries()].map(([key, buckets]) => {
    const [page = '', metricText = ''] = key.split('\u0000');
    const metric = metricText as WebVitalMetric;
    const summary = summariseBuckets(metric, buckets);
    return { page, metric, ...summary, rating: rateWebVital(metric, summary.p75) };
  });
  rows.sort(
    (a, b) =>
      a.page.localeCompare(b.page) ||
      METRIC_ORDER.indexOf(a.metric) - METRIC_ORDER.indexOf(b.metric),
  );
  return { from, to, days: WEB_VITALS_WINDOW_DAYS, rows };
}
