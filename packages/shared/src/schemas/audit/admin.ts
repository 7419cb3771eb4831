import { z } from 'zod';
import { pagingQuery } from '../common';
import { ADMIN_PAGE_SIZE, queryInt, queryText } from '../common/admin';

// The audit log: what every module records (`recordAudit`) and the console's page of it
// (`/api/admin/audit`). Only operators read it, so all of it is operator contracts.

/**
 * Every action the audit log records, with its label in the console. The server's `recordAudit`
 * accepts only these keys, so a new action cannot be logged without a label.
 */
export const AUDIT_ACTION_LABEL = {
  'news.create': '新建文章',
  'news.update': '编辑文章',
  'news.publish': '发布文章',
  'news.withdraw': '撤回文章',
  'project.update': '编辑楼盘',
  'project.albumAdd': '上传相册图片',
  'project.albumRemove': '删除相册图片',
  'licence.create': '新增预售许可证',
  'licence.update': '编辑预售许可证',
  'licence.delete': '删除预售许可证',
  'room.onSale': '房间上架（可售）',
  'room.offSale': '房间下架（不可售）',
  'room.price': '修改房间价格',
  'room.facts': '修改房间朝向或户型',
  'poi.import': '导入周边配套',
  'poi.delete': '删除周边配套点',
  'question.hide': '隐藏问答',
  'question.restore': '恢复显示问答',
  'order.netsign': '登记网签',
  'order.invoice': '上传发票',
  'order.receipt': '上传收据',
  'order.refundConfirm': '确认退款',
  'order.refundFail': '银行退款失败',
  'order.refundRetry': '重新发起退款',
  'order.refundSubmit': '退款已提交银行（待银行确认）',
  'order.refundReject': '驳回退款',
  'user.realname': '标记实名认证',
  'user.realnameRevoke': '撤销实名认证',
  'user.disable': '停用账号',
  'user.enable': '启用账号',
  'user.createOperator': '创建运营人员',
  'user.promote': '设为运营人员',
  'listing.approve': '房源审核通过',
  'listing.reject': '房源审核驳回',
  'listing.takeDown': '下架房源',
  'listing.restore': '恢复发布房源',
  'listing.create': '房东发布房源（待审核）',
  'listing.submit': '房东提交审核',
  'listing.withdraw': '房东撤回房源',
  'listing.confirm': '房东确认在售',
  'listing.close': '房东标记已成交',
  'listing.resubmit': '房东修改已发布房源（重新审核）',
  'listing.expire': '逾期未确认在售，暂停展示',
  'listing.retire': '注销账号，房源撤回保留',
  'listing.reportDismiss': '房源举报不成立',
  'listing.reportCorrect': '要求房东整改',
  'chat.reportDismiss': '房聊举报不成立',
  'chat.reportUphold': '房聊举报成立（关闭会话）',
  'chat.serviceReply': '平台客服回复',
  'feedback.reply': '回复反馈',
  'site.update': '修改站点设置',
  'legal.publish': '发布协议或个人信息保护政策新版本',
  'user.close': '用户注销账号',
  'lottery.create': '创建摇号批次',
  'lottery.approve': '摇号资格审核通过',
  'lottery.refuse': '摇号资格审核不通过',
  'lottery.appealApprove': '摇号申诉通过',
  'lottery.appealRefuse': '摇号申诉驳回',
  'lottery.publish': '公示摇号名单并公布承诺值',
  'lottery.draw': '执行摇号',
  'auth.operatorSignIn': '运营人员登录',
  'auth.operatorSignInDelayed': '运营登录密码多次错误（该地址已延迟）',
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof AUDIT_ACTION_LABEL;

/** Every kind of target an audit entry points at, with its label (licences count as project). */
export const AUDIT_TARGET_LABEL = {
  news: '资讯',
  project: '楼盘',
  room: '房间',
  order: '订单',
  user: '用户',
  listing: '二手房源',
  chat: '房聊会话',
  feedback: '反馈',
  site: '站点设置',
  legal: '协议与隐私政策',
  poi: '周边配套',
  question: '问答',
  lottery: '摇号',
} as const satisfies Record<string, string>;
export type AuditTargetType = keyof typeof AUDIT_TARGET_LABEL;

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
