import { z } from 'zod';

/**
 * `GET /api/health` data: the database state, the read replica and Redis (`off` when not
 * configured; Redis `unavailable` does not fail the check) and the counts of the main tables.
 */
export const healthSchema = z.object({
  db: z.literal('ok'),
  readReplica: z.enum(['ok', 'off']),
  redis: z.enum(['ok', 'unavailable', 'off']),
  counts: z.object({
    projects: z.number().int(),
    buildings: z.number().int(),
    rooms: z.number().int(),
    news: z.number().int(),
    listings: z.number().int(),
    users: z.number().int(),
  }),
});

export type Health = z.infer<typeof healthSchema>;

/** Row counts of the main tables of the city. */
export type CityCounts = Health['counts'];
