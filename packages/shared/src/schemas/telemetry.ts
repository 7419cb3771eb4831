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
