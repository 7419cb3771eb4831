import { z } from 'zod';
import { NEWS_LIMITS } from '../constants/news';
import { pagingQuery } from './common';
import { newsTypeSchema } from './news';

/** What can be favourited (收藏): projects, articles and second-hand listings. */
export const FAVOURITE_BUSINESS_TYPES = ['PROJECT', 'NEWS', 'LISTING'] as const;

export type FavouriteBusinessType = (typeof FAVOURITE_BUSINESS_TYPES)[number];

/** `POST /api/favourites/toggle`: `collected` true adds, false removes (docs/product/new-build.md). */
export const favouriteToggleSchema = z.object({
  businessId: z.coerce.number().int().positive(),
  businessType: z.enum(FAVOURITE_BUSINESS_TYPES),
  collected: z.boolean(),
});

export type FavouriteToggle = z.infer<typeof favouriteToggleSchema>;

/** Answer of the toggle: the state now stored. */
export const favouriteStateSchema = z.object({ collected: z.boolean() });

/** `GET /api/favourites/news`: the caller's favourite articles, newest favourite first. */
export const favouriteNewsQuerySchema = pagingQuery(NEWS_LIMITS.favouritePageSize, 50).extend({
  newsType: z
    .union([z.literal(''), newsTypeSchema])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});

export type FavouriteNewsQuery = z.infer<typeof favouriteNewsQuerySchema>;

/** One favourite article (docs/product/new-build.md Favourite news). */
export const favouriteNewsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  newsType: z.number().int(),
  modifiedTime: z.string(),
  attachments: z.array(z.object({ path: z.string() })),
});

export type FavouriteNews = z.infer<typeof favouriteNewsSchema>;

/** `GET /api/favourites/listings`: the caller's favourite second-hand listings. */
export const favouriteListingsQuerySchema = pagingQuery(NEWS_LIMITS.favouritePageSize, 50);

/**
 * One favourite listing. A listing no longer public keeps its row, marked by `stateText`
 * (已成交, 已撤回, 已下架 or 暂停展示) so the follower sees what became of it.
 */
export const favouriteListingSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  title: z.string(),
  coverUrl: z.string().nullable(),
  /** Sale: total in yuan; rent: yuan/month. */
  price: z.number().int(),
  bedroom: z.number().int(),
  room: z.number().int(),
  toilet: z.number().int(),
  buildArea: z.number(),
  areaName: z.string(),
  communityName: z.string(),
  isOnSale: z.boolean(),
  stateText: z.string(),
  collectedAt: z.string(),
});

export type FavouriteListing = z.infer<typeof favouriteListingSchema>;
