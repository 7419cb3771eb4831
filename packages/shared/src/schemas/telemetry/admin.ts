import { z } from 'zod';
import { DEVICE_CLASSES, WEB_VITAL_METRICS, WEB_VITAL_RATINGS } from '../telemetry';

// The operator console's real-visit figures (`/api/admin/web-vitals`).

/** `GET /api/admin/web-vitals`: p75 of real visits per page type and metric over the window. */
export const webVitalsSummaryQuerySchema = z.object({
  device: z.enum(DEVICE_CLASSES, { error: '设备类型应为 phone、tablet 或 desktop' }).optional(),
});

export const webVitalsSummarySchema = z.object({
  /** First and last Beijing day counted (yyyy-MM-dd), the window's days. */
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  rows: z.array(
    z.object({
      page: z.string(),
      metric: z.enum(WEB_VITAL_METRICS),
      /** 75th percentile: ms for LCP and INP, unitless for CLS (the upper edge of its bucket). */
      p75: z.number(),
      rating: z.enum(WEB_VITAL_RATINGS),
      samples: z.number().int(),
      /** Share of the samples rated good, 0–1. */
      goodShare: z.number(),
    }),
  ),
});

export type WebVitalsSummary = z.infer<typeof webVitalsSummarySchema>;
