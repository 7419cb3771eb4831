import { z } from 'zod';
import { DISTRICT_CODES } from '../constants/districts';
import { ORIENTATION_CODES } from '../constants/places';
import { GROUP_BUY_QUOTA, PROJECT_PAGE_SIZE } from '../constants/project-filters';
import { PHONE_PATTERN } from '../validators';
import { pagedOf, pagingQuery } from './common';

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalCode = (codes: readonly [string, ...string[]]) =>
  z.preprocess(emptyToUndefined, z.enum(codes).optional());

/** Query of the new-house search (docs/product/new-build.md 项目搜索); empty strings mean 全部. */
export const projectSearchQuerySchema = pagingQuery(PROJECT_PAGE_SIZE, 50).extend({
  keyword: z.preprocess(emptyToUndefined, z.string().trim().max(50).optional()),
  areaCode: optionalCode(DISTRICT_CODES),
  priceScope: optionalCode(['1', '2', '3', '4']),
  totalScope: z.preprocess(
    emptyToUndefined,
    z.enum(['1', '2', '3', '4', '5'], { message: '总价区间不存在，可选 1 至 5' }).optional(),
  ),
  buildAreaScope: optionalCode(['1', '2', '3', '4', '5']),
  bedroom: z.preprocess(
    emptyToUndefined,
    z.enum(['1', '2', '3', '4', '5'], { message: '户型不存在，可选 1 至 5' }).optional(),
  ),
  /** 朝向: a project with at least one room for sale (green) facing this way (ORIENTATIONS). */
  orientation: z.preprocess(
    emptyToUndefined,
    z.enum(ORIENTATION_CODES, { message: '朝向不存在，请从列表中选择' }).optional(),
  ),
  properties: optionalCode(['1', '2', '3', '4', '5', '6']),
  houseType: optionalCode(['1']),
  sortType: z.preprocess(emptyToUndefined, z.enum(['1', '2', '3', '4', '5']).default('1')),
});
export type ProjectSearchQuery = z.infer<typeof projectSearchQuerySchema>;

/** One row of the new-house list. Prices yuan/㎡, areas ㎡. */
export const projectListItemSchema = z.object({
  id: z.number().int(),
  coverUrl: z.string().nullable(),
  publishName: z.string(),
  projectName: z.string(),
  districtCode: z.string(),
  projectAddress: z.string(),
  salesCenter: z.string().nullable(),
  platformPrice: z.number(),
  currentPrice: z.number(),
  publishPrice: z.number().nullable(),
  statusText: z.string().nullable(),
  houseTypeStr: z.string().nullable(),
  tradein: z.boolean(),
  tags: z.array(z.string()),
  minArea: z.number().nullable(),
  maxArea: z.number().nullable(),
  latestNews: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type ProjectListItem = z.infer<typeof projectListItemSchema>;
export const projectPageSchema = pagedOf(projectListItemSchema);
export type ProjectPage = z.infer<typeof projectPageSchema>;

/** Recommended / popular / same-price row. */
export const projectBriefSchema = z.object({
  id: z.number().int(),
  publishName: z.string(),
  platformPrice: z.number(),
  districtCode: z.string(),
  coverUrl: z.string().nullable(),
});
export type ProjectBrief = z.infer<typeof projectBriefSchema>;

export const houseModelSchema = z.object({
  id: z.number().int(),
  bedroom: z.number().int(),
  houseType: z.string(),
  area: z.number(),
  /** Reference total price, yuan. */
  value: z.number().nullable(),
  picturePath: z.string().nullable(),
  description: z.string().nullable(),
  /** The plan's rooms: usable area ㎡ and the house_direction code each faces. */
  layoutRooms: z
    .array(z.object({ name: z.string(), areaM2: z.number(), facing: z.string().nullable() }))
    .nullable(),
});
export type HouseModel = z.infer<typeof houseModelSchema>;

export const projectNewsItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  source: z.string().nullable(),
  time: z.string(),
  projectId: z.number().int().nullable(),
});
export type ProjectNewsItem = z.infer<typeof projectNewsItemSchema>;

/** The six album groups of /housePhoto, in page order. */
export const ALBUM_GROUPS = [
  { key: 'effect', label: '效果图' },
  { key: 'real', label: '实景图' },
  { key: 'sand', label: '沙盘图' },
  { key: 'mating', label: '配套图' },
  { key: 'sample', label: '样板图' },
  { key: 'video', label: '视频' },
] as const;
export type AlbumGroupKey = (typeof ALBUM_GROUPS)[number]['key'];

/** The project of the project family pages (docs/product/new-build.md Project). */
export const projectDetailSchema = projectListItemSchema.extend({
  lastOpenDate: z.string().nullable(),
  completionDate: z.string().nullable(),
  buildTypeStr: z.string().nullable(),
  decorateStr: z.string().nullable(),
  volumeFraction: z.number().nullable(),
  coverArea: z.number().nullable(),
  greenCoverage: z.number().nullable(),
  area: z.number().nullable(),
  houseCount: z.number().nullable(),
  propertyManagementCompany: z.string().nullable(),
  propertyManagementFee: z.number().nullable(),
  parkingLotCount: z.number().nullable(),
  contact: z.string().nullable(),
  repairsContact: z.string().nullable(),
  newsContact: z.string().nullable(),
  vrLink: z.string().nullable(),
  tradeinContent: z.string().nullable(),
  groupBuy: z.boolean(),
  collectNumber: z.number().int(),
  collected: z.boolean(),
  properties: z.array(z.number().int()),
  companyVO: z
    .object({
      companyName: z.string(),
      qualificationLevel: z.string().nullable(),
      qualificationNum: z.string().nullable(),
    })
    .nullable(),
  licenceVOS: z.array(
    z.object({
      licence: z.string(),
      issueDate: z.string(),
      scope: z.string().nullable(),
      buildingNames: z.string(),
      bank: z.string().nullable(),
      account: z.string().nullable(),
    }),
  ),
  houseModels: z.array(houseModelSchema),
  albums: z.record(z.string(), z.array(z.string())),
  newsVOList: z.array(projectNewsItemSchema),
  lng: z.number(),
  lat: z.number(),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

/** Group-buy sign-up form (docs/product/new-build.md). */
export const groupBuySignupSchema = z.object({
  username: z.string().trim().min(1, '请输入姓名').max(20, '姓名不能超过20个字'),
  tel: z.string().trim().min(1, '请输入联系电话').regex(PHONE_PATTERN, '手机号码格式错误'),
  dong: z.string().trim().max(10).optional(),
  danyuan: z.string().trim().max(10).optional(),
  huhao: z.string().trim().max(10).optional(),
});
export type GroupBuySignup = z.infer<typeof groupBuySignupSchema>;

export const groupBuyStateSchema = z.object({
  quota: z.literal(GROUP_BUY_QUOTA),
  remaining: z.number().int(),
  participants: z.array(z.object({ username: z.string(), tel: z.string(), createdAt: z.string() })),
});
export type GroupBuyState = z.infer<typeof groupBuyStateSchema>;

export const projectIdParamsSchema = z.object({ id: z.coerce.number().int().min(1) });
export const projectNewsQuerySchema = pagingQuery(15, 50);
export const projectNewsPageSchema = pagedOf(projectNewsItemSchema);
export const favouriteProjectsQuerySchema = pagingQuery(10, 50);
export const favouriteProjectPageSchema = pagedOf(
  projectBriefSchema.extend({
    projectAddress: z.string(),
    tags: z.array(z.string()),
    collectedAt: z.string(),
  }),
);
export type FavouriteProjectPage = z.infer<typeof favouriteProjectPageSchema>;
