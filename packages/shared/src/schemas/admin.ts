import { z } from 'zod';
import { pagingQuery } from './common';

/** Rows per page in the operator console lists. */
export const ADMIN_PAGE_SIZE = 20;

const id = z.coerce.number().int().positive();
const optionalText = z.string().trim().max(100).optional();
/** An optional query filter: empty strings count as absent. */
const queryText = z.preprocess((v) => (v === '' ? undefined : v), optionalText);
const queryInt = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number().int().optional(),
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
  newUsersToday: z.number().int(),
  usersTotal: z.number().int(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/** `GET /api/admin/audit`: filter by actor, action, target and time range. */
export const auditQuerySchema = pagingQuery(ADMIN_PAGE_SIZE).extend({
  actorId: queryInt,
  action: queryText,
  targetType: queryText,
  targetId: queryInt,
  /** ISO date or time, inclusive lower bound. */
  from: queryText,
  /** ISO date or time; a bare date includes that whole day. */
  to: queryText,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorPhone: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

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
  platformPrice: z.number().int().min(0).max(1_000_000),
  currentPrice: z.number().int().min(0).max(1_000_000),
  publishPrice: z.number().int().min(0).max(1_000_000).nullable(),
  depositAmount: z.number().int().min(1).max(1_000_000),
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
  districtName: z.string(),
  tags: z.array(z.object({ id: z.number().int(), tagName: z.string() })),
  allTags: z.array(z.object({ id: z.number().int(), tagName: z.string() })),
  album: z.array(adminAlbumItemSchema),
  licences: z.array(adminLicenceSchema),
  buildings: z.array(z.object({ id: z.number().int(), tabletNum: z.string() })),
});
export type AdminProjectDetail = z.infer<typeof adminProjectDetailSchema>;

/** Album groups of spec 3 §3 an operator may upload into. */
export const ALBUM_GROUPS = ['effect', 'real', 'sand', 'mating', 'sample'] as const;
export const ALBUM_GROUP_LABEL: Record<(typeof ALBUM_GROUPS)[number], string> = {
  effect: '效果图',
  real: '实景图',
  sand: '沙盘图',
  mating: '配套图',
  sample: '样板间',
};

/** Rooms of one building for the on/off-sale grid. */
export const adminRoomQuerySchema = z.object({ buildingId: id });

export const adminRoomSchema = z.object({
  id: z.number().int(),
  unitName: z.string(),
  floor: z.number().int(),
  houseMapName: z.string(),
  saleStatus: z.string(),
  buildArea: z.number(),
  totalPrice: z.number().int(),
  /** True while a live order (awaiting payment or paid) holds the room. */
  hasLiveOrder: z.boolean(),
});
export type AdminRoom = z.infer<typeof adminRoomSchema>;

/** Put rooms on sale (green) or off sale (gray). */
export const adminRoomSaleSchema = z.object({
  roomIds: z.array(z.number().int().positive()).min(1, '请选择房间').max(500),
  saleStatus: z.enum(['green', 'gray']),
});
export type AdminRoomSale = z.infer<typeof adminRoomSaleSchema>;

export const adminRoomSaleResultSchema = z.object({
  changed: z.array(z.number().int()),
  /** Rooms left unchanged: held by a live order, already in that state, or unknown. */
  skipped: z.array(z.number().int()),
});

/** Operator order search. */
export const adminOrderQuerySchema = pagingQuery(ADMIN_PAGE_SIZE).extend({
  /** Order number, buyer phone, buyer name or house name. */
  keyword: queryText,
  payStatus: queryInt,
  refundStatus: queryInt,
});

export const adminOrderRowSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  userId: z.number().int(),
  realName: z.string(),
  phone: z.string(),
  houseName: z.string(),
  door: z.string(),
  lockMoney: z.number().int(),
  payStatus: z.number().int(),
  refundStatus: z.number().int(),
  refundIntention: z.number().int().nullable(),
  refundRemark: z.string().nullable(),
  refundApplyTime: z.string().nullable(),
  netsignnum: z.string().nullable(),
  netsignTime: z.string().nullable(),
  payTime: z.string().nullable(),
  createdAt: z.string(),
  invoiceUrls: z.array(z.string()),
  receiptUrls: z.array(z.string()),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

/** Record the 网签 stage of a paid order. */
export const adminNetsignSchema = z.object({
  netsignnum: z
    .string()
    .trim()
    .min(1, '请输入网签合同编号')
    .max(40, '网签合同编号不能超过40个字符')
    .regex(/^[A-Za-z0-9-]+$/, '网签合同编号只能包含字母、数字和连字符'),
  /** ISO time of the filing; defaults to now. */
  netsignTime: z.iso.datetime({ offset: true }).optional(),
});
export type AdminNetsign = z.infer<typeof adminNetsignSchema>;

/** Which file list an order upload goes to. */
export const adminOrderFileQuerySchema = z.object({ kind: z.enum(['invoice', 'receipt']) });

/** Operator user search. */
export const adminUserQuerySchema = pagingQuery(ADMIN_PAGE_SIZE).extend({
  /** Phone, nickname or real name. */
  keyword: queryText,
  role: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['user', 'admin']).optional()),
});

export const adminUserRowSchema = z.object({
  id: z.number().int(),
  phone: z.string().nullable(),
  nickname: z.string().nullable(),
  realName: z.string().nullable(),
  idCard: z.string().nullable(),
  realNameAuth: z.boolean(),
  role: z.string(),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

/** Mark a user real-name verified (standing in for the mini-program). */
export const adminRealnameSchema = z.object({
  realName: z
    .string()
    .trim()
    .min(2, '请输入真实姓名')
    .max(30)
    .regex(/^[\u4e00-\u9fa5·]+$/, '姓名只能包含汉字'),
  idCard: z.string().trim().toUpperCase(),
});
export type AdminRealname = z.infer<typeof adminRealnameSchema>;

/** Audit action labels shown in the console. */
export const AUDIT_ACTION_LABEL: Record<string, string> = {
  'news.create': '新建文章',
  'news.update': '编辑文章',
  'news.publish': '发布文章',
  'news.withdraw': '撤回文章',
  'project.update': '编辑楼盘',
  'project.albumAdd': '上传相册图片',
  'project.albumRemove': '删除相册图片',
  'licence.create': '新增预售许可证',
  'licence.update': '编辑预售许可证',
  'room.onSale': '房间上架（可售）',
  'room.offSale': '房间下架（不可售）',
  'order.netsign': '登记网签',
  'order.invoice': '上传发票',
  'order.receipt': '上传收据',
  'order.refundConfirm': '确认退款',
  'order.refundReject': '驳回退款',
  'user.realname': '标记实名认证',
  'user.realnameRevoke': '撤销实名认证',
  'user.disable': '停用账号',
  'user.enable': '启用账号',
  'user.createOperator': '创建运营人员',
  'user.promote': '设为运营人员',
  'listing.approve': '房源审核通过',
  'listing.reject': '房源审核驳回',
  'feedback.reply': '回复反馈',
  'site.update': '修改站点设置',
};

/** Operator feedback queue: pending (待处理) first by default. */
export const adminFeedbackQuerySchema = pagingQuery(ADMIN_PAGE_SIZE).extend({
  state: z.enum(['pending', 'replied']).default('pending'),
});

export const adminFeedbackRowSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  realname: z.string(),
  phone: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  state: z.enum(['pending', 'replied']),
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

/** Site settings as operators save them (DECISIONS #22); empty strings clear optional fields. */
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
});
export type AdminSiteSettings = z.infer<typeof adminSiteSettingsSchema>;
