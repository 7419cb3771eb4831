import { z } from 'zod';
import { AUDIT_OPERATION } from '../constants/listing-status';
import { DICTIONARY_TYPES, LISTING_PAGE_SIZE } from '../constants/listings';
import { pagingQuery } from './common';
import { listingTypeSchema } from './listing-form';

export * from './listing-form';
export * from './listing-publish';

/** '' and absent both mean "no filter". */
const optionalCode = z
  .string()
  .trim()
  .max(20)
  .optional()
  .transform((value) => (value ? value : undefined));

/** `GET /api/listings`: published listings of one type with every filter of the search page (docs/product/listings.md). */
export const listingSearchQuerySchema = pagingQuery(LISTING_PAGE_SIZE, 50).extend({
  type: listingTypeSchema.default(1),
  areaCode: optionalCode,
  priceScope: optionalCode,
  areaScope: optionalCode,
  bedroom: optionalCode,
  ageScope: optionalCode,
  rentType: optionalCode,
  rentPay: optionalCode,
  decorates: optionalCode,
  keyword: z
    .string()
    .trim()
    .max(50, '关键词不能超过50个字符')
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** 小区: the exact community name chosen from the suggestions. */
  community: z
    .string()
    .trim()
    .max(50, '小区名称不能超过50个字符')
    .optional()
    .transform((value) => (value ? value : undefined)),
  sortType: z.enum(['1', '2', '3', '4', '5']).default('1'),
});
export type ListingSearchQuery = z.infer<typeof listingSearchQuerySchema>;

/** Community-name suggestions of /secondhandhouse (docs/product/listings.md). */
export const COMMUNITY_SUGGESTION_LIMIT = 10;

/** `GET /api/listings/communities`: what has been typed into 小区, and the list type. */
export const communitySuggestionQuerySchema = z.object({
  type: listingTypeSchema.default(1),
  keyword: z
    .string()
    .trim()
    .max(20, '小区关键词不能超过20个字符')
    .optional()
    .transform((value) => value ?? ''),
});
export type CommunitySuggestionQuery = z.infer<typeof communitySuggestionQuerySchema>;

/** One suggestion: a community name and how many published listings of the type it has. */
export const communitySuggestionSchema = z.object({
  name: z.string(),
  count: z.number().int(),
});
export type CommunitySuggestion = z.infer<typeof communitySuggestionSchema>;

/** A listing id: a positive int4, so an out-of-range id is refused before any query. */
export const listingIdParamSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

const tagSchema = z.object({ id: z.number().int(), tagName: z.string() });

/** A list row (docs/product/listings.md), also used by /mySecondHandHouse. */
export const listingCardSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  title: z.string(),
  coverUrl: z.string().nullable(),
  directionStr: z.string(),
  decoratesStr: z.string(),
  /** Build year; 房龄 is derived from it. */
  age: z.number().int().nullable(),
  bedroom: z.number().int(),
  room: z.number().int(),
  toilet: z.number().int(),
  buildArea: z.number(),
  floorNum: z.number().int(),
  totalFloor: z.number().int(),
  scVO: z.object({
    areaCode: z.string(),
    areaName: z.string(),
    communityName: z.string(),
    address: z.string(),
  }),
  publishTime: z.string().nullable(),
  /** Sale: total in yuan; rent: yuan/month. */
  price: z.number().int(),
  priceSquareMetre: z.number().int().nullable(),
  rentPayStr: z.string().nullable(),
  rentTypeStr: z.string().nullable(),
  publishStatus: z.number().int(),
  /** The operator's reason for the current state (驳回 or 下架 reason); null in other states. */
  reviewNote: z.string().nullable(),
  tagList: z.array(tagSchema),
});
export type ListingCard = z.infer<typeof listingCardSchema>;

export const publisherSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type Publisher = z.infer<typeof publisherSchema>;

/** The check code (房源核验码) a listing's page shows, with when the ownership was verified. */
export const listingCheckCodeSchema = z.object({
  code: z.string(),
  verifiedAt: z.string(),
  issuedAt: z.string(),
});
export type ListingCheckCode = z.infer<typeof listingCheckCodeSchema>;

/** `GET /api/listings/:id` (docs/product/listings.md). */
export const listingDetailSchema = listingCardSchema.extend({
  elevatorStr: z.string(),
  buildTypeStr: z.string().nullable(),
  houseTypeStr: z.string().nullable(),
  rightLimitStr: z.string().nullable(),
  checkIn: z.string().nullable(),
  description: z.string(),
  viewCount: z.number().int(),
  secondHouse: z.array(z.object({ path: z.string(), name: z.string(), cover: z.boolean() })),
  publisher: publisherSchema,
  collected: z.boolean(),
  isOwner: z.boolean(),
  /** The valid check code; null when the listing has none (not yet approved, or revoked). */
  checkCode: listingCheckCodeSchema.nullable(),
  /** 最近确认在售: the latest approval, restore or confirmation by the owner. */
  confirmedAt: z.string().nullable(),
  /** The caller already has an open report on this listing. */
  hasOpenReport: z.boolean(),
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

/** `GET /api/dictionaries/:type`: items as `{ id: code, name }` (docs/product/listings.md). */
export const dictionaryTypeParamSchema = z.object({ type: z.enum(DICTIONARY_TYPES) });
export const dictionaryItemSchema = z.object({ id: z.string(), name: z.string() });
export type DictionaryItem = z.infer<typeof dictionaryItemSchema>;

/** `GET /api/tags?tagType=6|7`. */
export const tagQuerySchema = z.object({
  tagType: z.coerce
    .number()
    .int()
    .refine((value) => value === 6 || value === 7, '标签类型只能是6或7'),
});
export const tagItemSchema = tagSchema;

/** `GET /api/listings/mine`: the caller's listings of one type, 20 per page. */
export const myListingsQuerySchema = pagingQuery(LISTING_PAGE_SIZE, 50).extend({
  type: listingTypeSchema.default(1),
});

/** `POST /api/listings/:id/audit` (docs/product/listings.md): operation 1 submit for review, 4 withdraw. */
export const auditOperationSchema = z.object({
  operation: z.coerce
    .number()
    .int()
    .refine(
      (value) => value === AUDIT_OPERATION.SUBMIT || value === AUDIT_OPERATION.WITHDRAW,
      '操作类型只能是1（提交审核）或4（撤回）',
    ),
});
