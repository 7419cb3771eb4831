import { z } from 'zod';
import { DISTRICT_CODES } from '../constants/districts';
import { pagedOf } from './common';

/** Page sizes of the questionnaire table: 6 on the page, 10/20/50/100 in the dialog (docs/product/content.md). */
export const QUESTIONNAIRE_PAGE_SIZES = [6, 10, 20, 50, 100] as const;
/** Rows of the auto-scrolling new-listing table. */
export const NEW_LISTING_COUNT = 30;

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** Optional district filter of the deal block and the pie charts; empty = the whole city. */
export const analyticsDistrictQuerySchema = z.object({
  areaCode: z.preprocess(emptyToUndefined, z.enum(DISTRICT_CODES).optional()),
});
export type AnalyticsDistrictQuery = z.infer<typeof analyticsDistrictQuerySchema>;

/** A newly listed project: district name, attention count, platform price in yuan/㎡. */
export const newListingSchema = z.object({
  id: z.number().int(),
  publishName: z.string(),
  district: z.string(),
  /** 关注度: the project's follower count, the same figure as 关注 … 人 on its page. */
  watchCount: z.number().int(),
  platformPrice: z.number(),
});
export type NewListing = z.infer<typeof newListingSchema>;

/** Counters: published projects and the sum of their followers (关注人数). */
export const analyticsCountersSchema = z.object({
  publishedCount: z.number().int(),
  collectedCount: z.number().int(),
});
export type AnalyticsCounters = z.infer<typeof analyticsCountersSchema>;

/**
 * New-build deals of the latest recorded month: count, total in yuan and the average price in
 * yuan/㎡ (total ÷ area over the chosen districts). `month` is YYYY-MM, null with no statistics.
 */
export const dealInfoSchema = z.object({
  month: z.string().nullable(),
  dealCount: z.number().int(),
  dealTotalPrice: z.number(),
  dealCurrentPrice: z.number().int(),
});
export type DealInfo = z.infer<typeof dealInfoSchema>;

export const questionnaireQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (QUESTIONNAIRE_PAGE_SIZES as readonly number[]).includes(size), {
      message: '每页条数只能是 6、10、20、50 或 100',
    })
    .default(6),
});
export type QuestionnaireQuery = z.infer<typeof questionnaireQuerySchema>;

/** A questionnaire row; the respondent's name is masked to the surname. */
export const questionnaireRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  jobAddr: z.string().nullable(),
  intentAddr: z.string().nullable(),
  intentType: z.string(),
  intentHouseModel: z.string().nullable(),
  intentPrice: z.string().nullable(),
  intentArea: z.string().nullable(),
});
export type QuestionnaireRow = z.infer<typeof questionnaireRowSchema>;
export const questionnairePageSchema = pagedOf(questionnaireRowSchema);
export type QuestionnairePage = z.infer<typeof questionnairePageSchema>;

/** Bar chart: respondents per intended district. */
export const barDataSchema = z.object({
  xaxisData: z.array(z.string()),
  seriesData: z.array(z.number().int()),
});
export type BarData = z.infer<typeof barDataSchema>;

export const pieItemSchema = z.object({ name: z.string(), value: z.number().int() });
export type PieItem = z.infer<typeof pieItemSchema>;
const pieGroupSchema = z.object({
  houseModel: z.array(pieItemSchema),
  area: z.array(pieItemSchema),
  price: z.array(pieItemSchema),
});
/** The six pie datasets: buy and rent intentions by house model, area band and price band. */
export const pieDataSchema = z.object({ buy: pieGroupSchema, rent: pieGroupSchema });
export type PieData = z.infer<typeof pieDataSchema>;

/** Months in the second-hand price trend, the current month last. */
export const LISTING_PRICE_MONTHS = 12;
/** Communities shown in the trend: those with the most counted listings. */
export const LISTING_PRICE_COMMUNITIES = 6;

/** One line of the trend: its average sale unit price (元/㎡) per month, null without listings. */
export const listingPriceLineSchema = z.object({
  name: z.string(),
  /** District code for a district line; the community's district name for a community line. */
  district: z.string(),
  listingCount: z.number().int(),
  averages: z.array(z.number().int().nullable()),
});
export type ListingPriceLine = z.infer<typeof listingPriceLineSchema>;

/**
 * `GET /api/analytics/listing-prices`: monthly average second-hand sale unit prices for the
 * city, each district and the busiest communities (of one district when `areaCode` is given).
 * `asOf` is when the figures were computed from the stored listings and their price changes.
 */
export const listingPriceTrendSchema = z.object({
  asOf: z.string(),
  months: z.array(z.string()),
  city: listingPriceLineSchema,
  districts: z.array(listingPriceLineSchema),
  communities: z.array(listingPriceLineSchema),
});
export type ListingPriceTrend = z.infer<typeof listingPriceTrendSchema>;
