import { z } from 'zod';

// The operator console's own contracts: who is signed in, the dashboard and the shared upload.
// Each domain's operator contracts are in `schemas/<domain>/admin.ts`, beside the domain's
// `schemas/<domain>.ts`; what all of them share in `schemas/common/admin.ts`
// (docs/decisions/0074-operator-screens-by-domain.md).

/** `GET /api/admin/session`: the signed-in operator (401 signed out, 403 not an operator). */
export const adminSessionSchema = z.object({
  userId: z.number().int(),
  phone: z.string().nullable(),
  nickname: z.string().nullable(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

/** `GET /api/admin/dashboard`: direct counts from the tables. */
export const adminDashboardSchema = z.object({
  /** Orders created today (Beijing date) by pay status. */
  todayOrders: z.array(z.object({ payStatus: z.number().int(), count: z.number().int() })),
  todayOrderTotal: z.number().int(),
  listingsPending: z.number().int(),
  feedbackPending: z.number().int(),
  refundsPending: z.number().int(),
  /** Orders whose deposit refund the bank refused (pay status 7), waiting for a retry. */
  refundsFailed: z.number().int(),
  newUsersToday: z.number().int(),
  usersTotal: z.number().int(),
  /** The Beijing calendar day the counts are for (yyyy-MM-dd), for links into the queues. */
  today: z.string(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/** An uploaded file: its path under the uploads root and its public URL. */
export const adminUploadSchema = z.object({
  path: z.string(),
  url: z.string(),
  originalName: z.string(),
});
export type AdminUpload = z.infer<typeof adminUploadSchema>;
