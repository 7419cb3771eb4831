import type { WebVitalMetric, WebVitalRating } from '../schemas/telemetry';

/**
 * Real visits' figures are kept as counts per bucket, not one row per visit, so that no flood of
 * reports can grow the table beyond days × page types × metrics × devices × buckets. A bucket is
 * named by its upper edge in whole units: milliseconds for LCP and INP, thousandths for CLS.
 * Edges: every 10 up to 1,000, every 100 up to 10,000, every 1,000 up to 60,000 (ms only); a
 * larger value falls into the last bucket. The rating thresholds are edges, so a bucket is
 * wholly good, needing improvement or poor.
 */
const LAST_EDGE: Readonly<Record<WebVitalMetric, number>> = {
  LCP: 60_000,
  INP: 60_000,
  CLS: 10_000,
};

/** Good up to the first threshold, poor above the second (the web-vitals library's ratings). */
export const WEB_VITAL_THRESHOLDS: Readonly<Record<WebVitalMetric, readonly [number, number]>> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
};

/** A metric's value in the whole units its buckets count (ms, or thousandths of CLS). */
function units(metric: WebVitalMetric, value: number): number {
  return metric === 'CLS' ? Math.round(value * 1000) : Math.round(value);
}

/** The bucket (its upper edge in whole units) a value falls into. */
export function webVitalBucket(metric: WebVitalMetric, value: number): number {
  const u = Math.max(0, units(metric, value));
  const step = u <= 1000 ? 10 : u <= 10_000 ? 100 : 1000;
  return Math.min(Math.ceil(u / step) * step, LAST_EDGE[metric]);
}

/** A bucket's upper edge back in the metric's own units (ms, or CLS as a fraction). */
export function webVitalBucketValue(metric: WebVitalMetric, bucket: number): number {
  return metric === 'CLS' ? bucket / 1000 : bucket;
}

export function rateWebVital(metric: WebVitalMetric, value: number): WebVitalRating {
  const [good, poor] = WEB_VITAL_THRESHOLDS[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

export interface WebVitalDistribution {
  p75: number;
  samples: number;
  goodShare: number;
}

/**
 * The 75th percentile (the upper edge of the bucket holding the sample at 75 %), the number of
 * samples and the share rated good, from one metric's bucket counts.
 */
export function summariseBuckets(
  metric: WebVitalMetric,
  buckets: readonly { bucket: number; count: number }[],
): WebVitalDistribution {
  const sorted = [...buckets].filter((b) => b.count > 0).sort((a, b) => a.bucket - b.bucket);
  const samples = sorted.reduce((sum, b) => sum + b.count, 0);
  if (samples === 0) return { p75: 0, samples: 0, goodShare: 0 };
  const rank = Math.ceil(samples * 0.75);
  let seen = 0;
  let p75Bucket = sorted[sorted.length - 1]?.bucket ?? 0;
  for (const b of sorted) {
    seen += b.count;
    if (seen >= rank) {
      p75Bucket = b.bucket;
      break;
    }
  }
  const goodEdge = units(metric, WEB_VITAL_THRESHOLDS[metric][0]);
  const good = sorted.filter((b) => b.bucket <= goodEdge).reduce((sum, b) => sum + b.count, 0);
  return {
    p75: webVitalBucketValue(metric, p75Bucket),
    samples,
    goodShare: good / samples,
  };
}
