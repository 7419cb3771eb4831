import { z } from 'zod';
import { pagingQuery } from '../common';
import { ADMIN_PAGE_SIZE, queryText } from '../common/admin';

// The operator console's projects: facts, cover, album and licences (`/api/admin/projects`).

/** Operator project list filters. */
export const adminProjectQuerySchema = pagingQuery(ADMIN_PAGE_SIZE).extend({
  keyword: queryText,
});

export const adminProjectRowSchema = z.object({
  id: z.number().int(),
  publishName: z.string(),
  districtName: z.string(),
  platformPrice: z.number().int(),
  publishStatus: z.number().int(),
  statusText: z.string().nullable(),
  roomCount: z.number().int(),
  greenCount: z.number().int(),
});
export type AdminProjectRow = z.infer<typeof adminProjectRowSchema>;

/** Editable facts of a project. Prices yuan/㎡, deposit yuan. */
export const adminProjectFactsSchema = z.object({
  publishName: z.string().trim().min(1, '请输入推广名').max(50),
  projectName: z.string().trim().min(1, '请输入备案名').max(50),
  projectAddress: z.string().trim().min(1, '请输入项目地址').max(100),
  platformPrice: z.number({ error: '请输入平台均价' }).int().min(0).max(1_000_000),
  currentPrice: z.number({ error: '请输入开发商售价' }).int().min(0).max(1_000_000),
  publishPrice: z.number().int().min(0).max(1_000_000).nullable(),
  depositAmount: z.number({ error: '请输入订约金' }).int().min(1).max(1_000_000),
  publishStatus: z.number().int().min(1).max(4),
  statusText: z.string().trim().max(10).nullable(),
  decorateStr: z.string().trim().max(50).nullable(),
  buildTypeStr: z.string().trim().max(50).nullable(),
  houseTypeStr: z.string().trim().max(50).nullable(),
  salesCenter: z.string().trim().max(100).nullable(),
  contact: z.string().trim().max(50).nullable(),
  groupBuy: z.boolean(),
  recommended: z.boolean(),
  tagIds: z.array(z.number().int().positive()).max(20),
  /**
   * The cover picture: the project's current one, or a key the console's picture upload
   * (`/api/admin/uploads?kind=image`) issued; null removes it; absent keeps it.
   */
  coverPath: z.string().max(300).nullish(),
});
export type AdminProjectFacts = z.infer<typeof adminProjectFactsSchema>;

export const adminAlbumItemSchema = z.object({
  id: z.number().int(),
  group: z.string(),
  path: z.string(),
  url: z.string(),
});

export const adminLicenceSchema = z.object({
  id: z.number().int(),
  licenceNo: z.string(),
  buildingNames: z.string(),
  issueDate: z.string(),
  scope: z.string().nullable(),
});

/** Create or edit a pre-sale licence. Dates yyyy-MM-dd. */
export const adminLicenceSaveSchema = z.object({
  licenceNo: z.string().trim().min(1, '请输入预售许可证号').max(50),
  buildingNames: z.string().trim().min(1, '请输入楼栋').max(100),
  issueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 yyyy-MM-dd'),
  scope: z.string().trim().max(200).nullable(),
});
export type AdminLicenceSave = z.infer<typeof adminLicenceSaveSchema>;

export const adminProjectDetailSchema = adminProjectFactsSchema.extend({
  id: z.number().int(),
  coverPath: z.string().nullable(),
  districtName: z.string(),
  tags: z.array(z.object({ id: z.number().int(), tagName: z.string() })),
  allTags: z.array(z.object({ id: z.number().int(), tagName: z.string() })),
  album: z.array(adminAlbumItemSchema),
  licences: z.array(adminLicenceSchema),
  buildings: z.array(z.object({ id: z.number().int(), tabletNum: z.string() })),
});
export type AdminProjectDetail = z.infer<typeof adminProjectDetailSchema>;

/** Album groups of the project pages an operator may upload into (docs/product/new-build.md). */
export const ALBUM_GROUPS = ['effect', 'real', 'sand', 'mating', 'sample'] as const;
export const ALBUM_GROUP_LABEL: Record<(typeof ALBUM_GROUPS)[number], string> = {
  effect: '效果图',
  real: '实景图',
  sand: '沙盘图',
  mating: '配套图',
  sample: '样板间',
};
