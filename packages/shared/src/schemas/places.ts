import { z } from 'zod';
import { NEARBY_RADIUS_DEFAULT_M, NEARBY_RADIUS_MAX_M, POI_CATEGORIES } from '../constants/places';

/** A point of interest with its straight-line and walking distance from the asked position. */
export const nearbyPoiSchema = z.object({
  id: z.number().int(),
  category: z.enum(POI_CATEGORIES),
  name: z.string(),
  address: z.string().nullable(),
  schoolZone: z.string().nullable(),
  lng: z.number(),
  lat: z.number(),
  /** Straight-line metres. */
  distanceM: z.number().int(),
  /** Walking metres (streets, not a line) and minutes at 80 m a minute. */
  walkM: z.number().int(),
  walkMinutes: z.number().int(),
});
export type NearbyPoi = z.infer<typeof nearbyPoiSchema>;

export const nearbyQuerySchema = z.object({
  lng: z.coerce.number().min(73, '经度不正确').max(136, '经度不正确'),
  lat: z.coerce.number().min(3, '纬度不正确').max(54, '纬度不正确'),
  radius: z.coerce
    .number()
    .int()
    .min(100)
    .max(NEARBY_RADIUS_MAX_M)
    .default(NEARBY_RADIUS_DEFAULT_M),
  /** Comma-separated categories; empty for every kind. */
  category: z
    .string()
    .max(100)
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : []))
    .pipe(z.array(z.enum(POI_CATEGORIES, { message: '配套类别不正确' }))),
  /** Nearest this many of each category. */
  perCategory: z.coerce.number().int().min(1).max(20).default(5),
});
export type NearbyQuery = z.input<typeof nearbyQuerySchema>;

/** Map layer: points inside the visible box. */
export const poiBoxQuerySchema = z.object({
  bbox: z
    .string()
    .regex(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/, '地图范围不正确')
    .transform((v) => v.split(',').map(Number) as [number, number, number, number]),
  category: nearbyQuerySchema.shape.category,
});

export const mapPoiSchema = z.object({
  id: z.number().int(),
  category: z.enum(POI_CATEGORIES),
  name: z.string(),
  lng: z.number(),
  lat: z.number(),
});
export type MapPoi = z.infer<typeof mapPoiSchema>;

/** The 小区 page (docs/product/communities.md). */
export const communityDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  districtCode: z.string(),
  districtName: z.string(),
  address: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  buildYearFrom: z.number().int().nullable(),
  buildYearTo: z.number().int().nullable(),
  buildingCount: z.number().int().nullable(),
  householdCount: z.number().int().nullable(),
  propertyCompany: z.string().nullable(),
  /** yuan per ㎡ a month */
  propertyFee: z.number().nullable(),
  saleCount: z.number().int(),
  rentCount: z.number().int(),
  /** Mean asking price of its sale listings, yuan/㎡; null without any. */
  saleAvgPrice: z.number().int().nullable(),
  listings: z.array(
    z.object({
      id: z.number().int(),
      type: z.number().int(),
      title: z.string(),
      price: z.number().int(),
      buildArea: z.number(),
      bedroom: z.number().int(),
      room: z.number().int(),
      directionStr: z.string(),
      coverPath: z.string().nullable(),
    }),
  ),
  /** Sale listings closed here that the city recorded (已成交), newest first. */
  recentDeals: z.array(
    z.object({
      title: z.string(),
      price: z.number().int(),
      buildArea: z.number(),
      closedAt: z.string(),
    }),
  ),
  /**
   * 二手房挂牌均价 per month (yuan/㎡) as the market dashboard computes it: the community's own line
   * when the dashboard keeps one, otherwise its district's (`priceHistoryScope`).
   */
  priceHistoryScope: z.enum(['community', 'district']),
  priceHistory: z.array(z.object({ month: z.string(), price: z.number().int().nullable() })),
});
export type CommunityDetail = z.infer<typeof communityDetailSchema>;

export const communityQuerySchema = z.object({
  id: z.coerce.number().int().positive('小区编号不正确'),
});

/**
 * Where a published listing is: its position (for 周边配套) and the 小区 it names, for its link
 * (null when the city has no record of that community).
 */
export const listingPlaceSchema = z.object({
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  community: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type ListingPlace = z.infer<typeof listingPlaceSchema>;
