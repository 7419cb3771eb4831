import { z } from 'zod';

export const activityTargetSchema = z.object({
  targetType: z.enum(['project', 'listing'], { message: '对象类型不正确' }),
  targetId: z.coerce.number().int().positive('编号不正确'),
});
export type ActivityTarget = z.infer<typeof activityTargetSchema>;

/** Honest activity figures (docs/product/activity-figures.md). */
export const activityFiguresSchema = z.object({
  /** Whole days since publication (listings) or opening (projects); null before either. */
  daysOnMarket: z.number().int().nullable(),
  /** Visitors of the last 30 days, each counted once a day, crawlers never. */
  views30d: z.number().int(),
  followers: z.number().int(),
  /** 房聊 conversations started about it; null for projects, which have none. */
  conversations: z.number().int().nullable(),
});
export type ActivityFigures = z.infer<typeof activityFiguresSchema>;
