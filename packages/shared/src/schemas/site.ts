import { z } from 'zod';

/** The one site-settings record (DECISIONS #22): page title, meta tags and footer. */
export const siteSettingsSchema = z.object({
  title: z.string(),
  logo: z.string(),
  keywords: z.string(),
  description: z.string(),
  icp: z.string(),
  copyright: z.string(),
  website: z.string(),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
