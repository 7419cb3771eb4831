import { describe, expect, it } from 'vitest';
import { rateWebVital, summariseBuckets, webVitalBucket } from './web-vitals';

describe('web vital buckets', () => {
  it('rounds up to 10 ms under a second, 100 ms to 10 s, 1 s beyond, capped at 60 s', () => {
    expect(webVitalBucket('INP', 0)).toBe(0);
    expect(webVitalBucket('INP', 1)).toBe(10);
    expect(webVitalBucket('INP', 200)).toBe(200);
    expect(webVitalBucket('INP', 201)).toBe(210);
    expect(webVitalBucket('LCP', 2501)).toBe(2600);
    expect(webVitalBucket('LCP', 12_345)).toBe(13_000);
    expect(webVitalBucket('LCP', 500_000)).toBe(60_000);
  });

  it('counts CLS in thousandths, the thresholds 0.1 and 0.25 being edges', () => {
    expect(webVitalBucket('CLS', 0.1)).toBe(100);
    expect(webVitalBucket('CLS', 0.1004)).toBe(100);
    expect(webVitalBucket('CLS', 0.101)).toBe(110);
    expect(webVitalBucket('CLS', 0.25)).toBe(250);
    expect(webVitalBucket('CLS', 40)).toBe(10_000);
  });

  it('rates by the library thresholds', () => {
    expect(rateWebVital('INP', 200)).toBe('good');
    expect(rateWebVital('INP', 210)).toBe('needs-improvement');
    expect(rateWebVital('INP', 510)).toBe('poor');
    expect(rateWebVital('CLS', 0.1)).toBe('good');
    expect(rateWebVital('CLS', 0.3)).toBe('poor');
  });

  it('takes the p75 as the bucket holding the sample at 75 % and the share rated good', () => {
    const buckets = [
      { bucket: 100, count: 1 },
      { bucket: 300, count: 1 },
      { bucket: 150, count: 1 },
      { bucket: 900, count: 1 },
    ];
    expect(summariseBuckets('INP', buckets)).toEqual({ p75: 300, samples: 4, goodShare: 0.5 });
    expect(summariseBuckets('CLS', [{ bucket: 50, count: 3 }])).toEqual({
      p75: 0.05,
      samples: 3,
      goodShare: 1,
    });
    expect(summariseBuckets('LCP', [])).toEqual({ p75: 0, samples: 0, goodShare: 0 });
  });
});
