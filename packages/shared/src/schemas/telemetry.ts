import { z } from 'zod';

/** A browser-side failure the web app reports so operators see it in the server log. */
export const clientErrorSchema = z.object({
  kind: z.enum(['chunk-load', 'runtime', 'unhandled-rejection']),
  message: z.string().trim().min(1).max(2000),
  url: z.string().max(2000),
  stack: z.string().max(8000).optional(),
  userAgent: z.string().max(500).optional(),
});

export type ClientError = z.infer<typeof clientErrorSchema>;

/** The three figures of a visit the site reports (docs/product/site-shell.md "Real visits' figures"). */
export const WEB_VITAL_METRICS = ['LCP', 'INP', 'CLS'] as const;
export type WebVitalMetric = (typeof WEB_VITAL_METRICS)[number];

/** The kind of device by the width of its window: under 768 px a phone, under 1200 px a tablet. */
export const DEVICE_CLASSES = ['phone', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export const WEB_VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export type WebVitalRating = (typeof WEB_VITAL_RATINGS)[number];

/** The largest value taken: LCP and INP in ms (10 minutes), CLS unitless. */
export const WEB_VITAL_MAX: Readonly<Record<WebVitalMetric, number>> = {
  LCP: 600_000,
  INP: 600_000,
  CLS: 100,
};

const webVitalSchema = z
  .object({
    name: z.enum(WEB_VITAL_METRICS, { error: '指标应为 LCP、INP 或 CLS' }),
    value: z.number({ error: '数值应为数字' }).min(0, '数值不能为负'),
    rating: z.enum(WEB_VITAL_RATINGS, { error: '评级应为 good、needs-improvement 或 poor' }),
  })
  .refine((m) => m.value <= WEB_VITAL_MAX[m.name], {
    message: '数值超出范围',
    path: ['value'],
  });

/**
 * One visit's figures, sent once when the page is hidden or left: the page type (the route's
 * path, never the address with its query), the device class and up to one value per metric.
 * Nothing names the visitor.
 */
export const webVitalsBeaconSchema = z.object({
  page: z
    .string({ error: '页面类型应为文字' })
    .max(64, '页面类型过长')
    .regex(/^\/[A-Za-z/-]*$/, '页面类型应为页面路径（不含参数）'),
  device: z.enum(DEVICE_CLASSES, { error: '设备类型应为 phone、tablet 或 desktop' }),
  metrics: z
    .array(webVitalSchema)
    .min(1, '至少一项指标')
    .max(WEB_VITAL_METRICS.length, '指标过多')
    .refine((list) => new Set(list.map((m) => m.name)).size === list.length, '指标不能重复'),
});

export type WebVitalsBeacon = z.infer<typeof webVitalsBeaconSchema>;
