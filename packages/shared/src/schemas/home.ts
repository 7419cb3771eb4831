import { z } from 'zod';
import { DISTRICT_CODES } from '../constants/districts';

/** A project card of the home blocks, the pop-up and the article side list. Prices yuan/㎡. */
export const projectCardSchema = z.object({
  id: z.number().int(),
  publishName: z.string(),
  projectName: z.string(),
  coverUrl: z.string().nullable(),
  districtCode: z.string(),
  projectAddress: z.string(),
  platformPrice: z.number().int(),
  currentPrice: z.number().int(),
  /** Purposes joined with 、, e.g. 住宅、商业. */
  propertiesStr: z.string(),
  statusText: z.string().nullable(),
  /** Group-buy promotion set by operators (docs/product/new-build.md). */
  groupBuy: z.boolean(),
  tagList: z.array(z.object({ id: z.number().int(), tagName: z.string() })),
});

export type ProjectCard = z.infer<typeof projectCardSchema>;

/** A banner or ad item: picture path under the uploads root and an optional link. */
export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  attachments: z.array(z.object({ path: z.string() })),
  link: z.string().nullable(),
});

export type Banner = z.infer<typeof bannerSchema>;

export const tagSchema = z.object({ id: z.number().int(), tagName: z.string() });

export type Tag = z.infer<typeof tagSchema>;

/** `GET /api/content/tags`: tag type 5 is the characteristic row of the home page. */
export const tagListQuerySchema = z.object({
  tagType: z.coerce.number().int().min(5).max(7).default(5),
});

/** `GET /api/content/home-projects`: by characteristic tag or by district (empty = all). */
export const homeProjectsQuerySchema = z.object({
  characteristicId: z.coerce.number().int().positive().optional(),
  areaCode: z
    .union([z.literal(''), z.enum(DISTRICT_CODES)])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  size: z.coerce.number().int().min(1).max(20).default(8),
});

export type HomeProjectsQuery = z.infer<typeof homeProjectsQuerySchema>;

/** A trade-in merchant card of /buildingmaterials (docs/product/content.md; contact not shown). */
export const merchantSchema = z.object({
  id: z.number().int(),
  imgurl: z.string(),
  title: z.string(),
  text: z.string(),
  text2: z.string(),
  category: z.string().nullable(),
});

export type Merchant = z.infer<typeof merchantSchema>;
