import { z } from 'zod';
import { FEEDBACK_STATUS } from '../status/feedback';
import { pagingQuery } from './common';
import { feedbackStateSchema } from './feedback';

/** Rows per page in the operator console lists. */
export const ADMIN_PAGE_SIZE = 20;

const id = z.coerce.number().int().positive();
const optionalText = z.string().trim().max(100).optional();
/** An optional query filter: empty strings count as absent. */
export const queryText = z.preprocess((v) => (v === '' ? undefined : v), optionalText);
/** An optional whole-number query filter: empty strings count as absent. */
export const queryInt = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number().int().optional(),
);

/** Whether `text` is a real calendar date written yyyy-MM-dd (rejects 2026-02-30). */
function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An optional Beijing calendar day filter, yyyy-MM-dd; a range includes both end days. */
export const queryDate = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.string().refine(isCalendarDate, '日期格式应为 yyyy-MM-dd').optional(),
);

/** Path parameter of one row. */
export const adminIdParamSchema = z.object({ id });

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

/** Operator news list filters. */
export const adminNewsQuerySchema = pagingQuery(ADMIN_PAGE_SIZE).extend({
  keyword: queryText,
  newsType: queryInt,
  newsState: queryInt,
});

export const adminNewsRowSchema = z.object({
  id: z.number().int(),
  newsType: z.number().int(),
  newsState: z.number().int(),
  title: z.string(),
  source: z.string().nullable(),
  isHeadline: z.boolean(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminNewsRow = z.infer<typeof adminNewsRowSchema>;

export const adminNewsDetailSchema = adminNewsRowSchema.extend({
  content: z.string(),
  summary: z.string().nullable(),
  projectId: z.number().int().nullable(),
  coverPath: z.string().nullable(),
});
export type AdminNewsDetail = z.infer<typeof adminNewsDetailSchema>;

/** Create or edit an article; new articles start as drafts, `publish` makes them public at once. */
export const adminNewsSaveSchema = z.object({
  newsType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  title: z.string().trim().min(1, '请输入标题').max(100, '标题不能超过100个字'),
  content: z.string().min(1, '请输入文章内容').max(200_000, '文章内容过长'),
  summary: z.string().trim().max(300).nullish(),
  source: z.string().trim().max(50).nullish(),
  projectId: z.number().int().positive().nullish(),
  isHeadline: z.boolean().optional(),
  coverPath: z.string().max(300).nullish(),
  publish: z.boolean().optional(),
});
export type AdminNewsSave = z.infer<typeof adminNewsSaveSchema>;

/** An uploaded file: its path under the uploads root and its public URL. */
export const adminUploadSchema = z.object({
  path: z.string(),
  url: z.string(),
  originalName: z.string(),
});
export type AdminUpload = z.infer<typeof adminUploadSchema>;

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

/** Operator feedback queue: pending (待处理) first by default. */
export const adminFeedbackQuerySchema = pagingQuery(ADMIN_PAGE_SIZE).extend({
  state: feedbackStateSchema.default(FEEDBACK_STATUS.PENDING),
});

export const adminFeedbackRowSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  realname: z.string(),
  phone: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  state: feedbackStateSchema,
  createdTime: z.string(),
  /** Sanitised HTML, null until replied. */
  reply: z.string().nullable(),
  replyTime: z.string().nullable(),
});
export type AdminFeedbackRow = z.infer<typeof adminFeedbackRowSchema>;

/** The operator's reply: rich text, sanitised on the server. */
export const adminFeedbackReplySchema = z.object({
  html: z.string().min(1, '请输入回复内容').max(20_000, '回复内容过长'),
});

/** Reject a listing or a refund with a reason its owner sees. */
export const adminReasonSchema = z.object({
  reason: z.string().trim().min(1, '请输入驳回原因').max(200, '原因不能超过200个字'),
});

/** Site settings as operators save them (docs/product/content.md); empty strings clear optional fields. */
export const adminSiteSettingsSchema = z.object({
  title: z.string().trim().min(1, '请输入网站名称').max(50, '网站名称不能超过50个字'),
  logo: z.string().trim().max(300),
  keywords: z.string().trim().max(200, '关键词不能超过200个字'),
  description: z.string().trim().max(300, '网站描述不能超过300个字'),
  icp: z.string().trim().max(50, '备案号不能超过50个字'),
  copyright: z.string().trim().max(100, '版权信息不能超过100个字'),
  website: z
    .string()
    .trim()
    .max(200)
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), '网址应以 http:// 或 https:// 开头'),
  cityName: z.string().trim().max(20, '城市名称不能超过20个字'),
  authority: z.string().trim().max(60, '主办单位名称不能超过60个字'),
  icpLink: z
    .string()
    .trim()
    .max(200)
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), '网址应以 http:// 或 https:// 开头'),
  psbNumber: z.string().trim().max(50, '公安备案号不能超过50个字'),
  psbLink: z
    .string()
    .trim()
    .max(200)
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), '网址应以 http:// 或 https:// 开头'),
  hotline: z
    .string()
    .trim()
    .max(30, '服务热线不能超过30个字')
    .refine((v) => v === '' || /^[0-9+\-() ]+$/.test(v), '服务热线只能包含数字、空格和 + - ( )'),
});
export type AdminSiteSettings = z.infer<typeof adminSiteSettingsSchema>;
