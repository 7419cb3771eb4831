import { API_CODE, type ApiCodeName } from './api-code';

export {
  API_CODE,
  type ApiCodeName,
  type ApiCodeValue,
  type ApiEnvelope,
  FALLBACK_ERROR_MESSAGE,
  type Paged,
} from './api-code';

/**
 * The single table of API result codes (docs/architecture.md): each code's HTTP status and
 * message by its name; the names and code strings are in `api-code.ts`. Every response body is the
 * envelope `{ code, message, data }`; `code` is `000000` on success. Each failure code carries
 * its HTTP status and the Chinese message shown to the user when the server gives no better one.
 */
const CODE_TEXTS = {
  SUCCESS: { status: 200, message: '操作成功' },
  VALIDATION_FAILED: { status: 400, message: '请求参数不正确' },
  MALFORMED_JSON: {
    status: 400,
    message: '请求内容不是有效的 JSON',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: '不支持的请求内容类型',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: '请求内容过大' },
  FILE_TOO_LARGE: { status: 413, message: '上传文件过大' },
  FILE_TYPE_NOT_ALLOWED: {
    status: 400,
    message: '只能上传图片文件',
  },
  FILE_LINK_INVALID: {
    status: 403,
    message: '文件链接无效或已过期，请刷新页面后重试',
  },
  FORBIDDEN: { status: 403, message: '没有权限执行此操作' },
  CSRF_REFUSED: {
    status: 403,
    message: '请求来源校验失败，请刷新页面后重试',
  },
  NOT_FOUND: { status: 404, message: '请求的资源不存在' },
  METHOD_NOT_ALLOWED: {
    status: 405,
    message: '不支持的请求方法',
  },
  CONFLICT: { status: 409, message: '数据已被修改，请刷新后重试' },
  RATE_LIMITED: { status: 429, message: '操作过于频繁，请稍后再试' },
  INTERNAL_ERROR: { status: 500, message: '系统繁忙，请稍后再试' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: '服务暂不可用，请稍后再试',
  },
  LOGIN_FAILED: { status: 400, message: '账号或密码错误' },
  ACCOUNT_LOCKED: {
    status: 423,
    message: '密码错误次数过多，账号已锁定，请15分钟后再试',
  },
  SMS_CODE_INVALID: { status: 400, message: '验证码错误或已失效' },
  PHONE_TAKEN: { status: 409, message: '该手机号已被注册' },
  LEGAL_CONSENT_REQUIRED: {
    status: 403,
    message: '请先阅读并单独同意《个人信息保护政策》后再办理此项业务',
  },
  LEGAL_VERSION_OUTDATED: {
    status: 409,
    message: '协议内容已更新，请阅读最新版本后再同意',
  },
  ACCOUNT_CLOSE_BLOCKED: {
    status: 409,
    message: '您有进行中的订约金订单，请在订单完成、取消或退款后再注销账号',
  },
  INVALID_SESSION: {
    status: 401,
    message: '登录已失效，请重新登录',
  },
  REALNAME_REQUIRED: {
    status: 403,
    message: '请先完成实名认证后再缴纳订约金',
  },
  ROOM_UNAVAILABLE: {
    status: 409,
    message: '该房源已被他人锁定或正在缴纳订约金，请选择其他房源',
  },
  ORDER_DUPLICATE: {
    status: 409,
    message: '您已有该房源的待支付订单，请勿重复下单',
  },
  ORDER_STATE_INVALID: {
    status: 409,
    message: '订单状态已变化，无法执行此操作，请刷新后重试',
  },
  ORDER_LOCK_LOST: {
    status: 409,
    message: '当前房源锁定失败，无法创建网签信息',
  },
  ORDER_NOT_PAYABLE: {
    status: 409,
    message: '订单已超过缴费时间或状态已变化，无法支付',
  },
  PAY_SIGNATURE_INVALID: {
    status: 400,
    message: '支付通知签名校验失败',
  },
  PAY_AMOUNT_MISMATCH: {
    status: 400,
    message: '支付金额与订单金额不符',
  },
  PAY_TRADE_UNKNOWN: {
    status: 404,
    message: '支付流水不存在或与订单不符',
  },
  BANK_UNAVAILABLE: {
    status: 503,
    message: '银行支付服务暂不可用，请稍后再试',
  },
  DELAY_NOT_ALLOWED: {
    status: 409,
    message: '锁定到期前一天内才可申请延期',
  },
  DELAY_ALREADY_USED: {
    status: 409,
    message: '延期只能申请一次',
  },
  REFUND_NOT_ALLOWED: {
    status: 409,
    message: '只有已缴纳订约金且未在退款中的订单可以申请退款',
  },
  PRESALE_LICENCE_MISSING: {
    status: 409,
    message: '该楼栋暂未取得预售许可证，暂不可缴纳订约金',
  },
  IDENTITY_ORDER_HELD: {
    status: 409,
    message: '您已持有一套房源的订约金订单，同一身份同一时间只能持有一笔进行中的订约金订单',
  },
  ORDER_COOLING_OFF: {
    status: 409,
    message: '24小时内已有3笔未支付订单被取消或超时关闭，暂时不能提交新订单',
  },
  ORDER_RATE_LIMITED: {
    status: 429,
    message: '提交订单过于频繁，请稍后再试',
  },
  CHAT_MESSAGE_INVALID: {
    status: 400,
    message: '消息内容不能为空且不能超过1000个字',
  },
  CHAT_SELF: { status: 400, message: '不能与自己房聊' },
  CHAT_BLOCKED: {
    status: 403,
    message: '对方已将您屏蔽，消息无法发送',
  },
  CHAT_BLOCKING: {
    status: 409,
    message: '您已屏蔽对方，解除屏蔽后才能发送消息',
  },
  CHAT_CLOSED: {
    status: 409,
    message: '该会话已被平台关闭，无法继续发送消息',
  },
  CHAT_REPORT_DUPLICATE: {
    status: 409,
    message: '您已举报过该会话，平台处理后会通知您',
  },
  FEEDBACK_CAPTCHA_INVALID: {
    status: 400,
    message: '验证码不正确，请重新输入！',
  },
  MAP_BOUNDS_INVALID: {
    status: 400,
    message: '地图范围不正确，请输入西南角和东北角的经纬度',
  },
  MAP_MARKER_NOT_FOUND: {
    status: 404,
    message: '该楼盘不存在或已下架',
  },
  POI_IMPORT_INVALID: {
    status: 400,
    message: '文件内容无法识别，请上传 CSV（类别,名称,经度,纬度…）或 GeoJSON 点要素',
  },
  COMMUNITY_NOT_FOUND: { status: 404, message: '小区不存在' },
  QUESTION_NOT_FOUND: {
    status: 404,
    message: '问题不存在或已被隐藏',
  },
  QUESTION_ANSWER_FORBIDDEN: {
    status: 403,
    message: '只有房源业主或开发企业可以回答该问题',
  },
  QUESTION_ANSWERED: { status: 409, message: '该问题已有回答' },
  LISTING_TITLE_ORIENTATION: {
    status: 400,
    message: '标题与朝向不一致，请修改标题或朝向',
  },
  LISTING_REALNAME_REQUIRED: {
    status: 403,
    message: '您尚未完成实名认证，请扫码进入小程序进行人脸识别认证后再发布房源',
  },
  LISTING_NOT_FOUND: {
    status: 404,
    message: '房源不存在或已删除',
  },
  LISTING_STATE_INVALID: {
    status: 409,
    message: '房源当前状态不允许此操作，请刷新后重试',
  },
  LISTING_CHECK_INVALID: {
    status: 400,
    message: '房源核验未通过或已失效，请重新核验',
  },
  LISTING_PICTURE_INVALID: {
    status: 400,
    message: '图片不存在或已失效，请重新上传',
  },
  SMS_UNAVAILABLE: {
    status: 503,
    message: '短信服务暂不可用，请稍后再试或使用账号密码登录',
  },
  SMS_PHONE_REJECTED: {
    status: 400,
    message: '该手机号暂时无法接收短信，请确认号码正确',
  },
  SMS_PROVIDER_BUSY: {
    status: 429,
    message: '短信发送过于频繁，请稍后再试',
  },
  WECHAT_UNAVAILABLE: {
    status: 503,
    message: '微信扫码登录暂不可用，请使用手机号登录',
  },
  WECHAT_OAUTH_CODE_INVALID: {
    status: 400,
    message: '微信授权已失效，请重新登录',
  },
  WECHAT_CALLBACK_INVALID: {
    status: 403,
    message: '微信消息签名校验失败',
  },
  WECHAT_SHARE_OFF: { status: 404, message: '本站未启用微信分享' },
  WECHAT_SHARE_URL_INVALID: {
    status: 400,
    message: '页面地址不正确，只能为本站的页面设置微信分享',
  },
  WECHAT_SHARE_UNAVAILABLE: {
    status: 503,
    message: '微信分享暂不可用，请稍后再试',
  },
  REALNAME_UNAVAILABLE: {
    status: 503,
    message: '实名认证服务暂不可用，请稍后再试',
  },
  REALNAME_IDENTITY_TAKEN: {
    status: 409,
    message: '该身份已认证其他账号，一个身份只能认证一个账号',
  },
  LISTING_REPORT_DUPLICATE: {
    status: 409,
    message: '您已举报过该房源，平台处理后会通知您',
  },
  LISTING_REPORT_OWN: {
    status: 400,
    message: '不能举报自己发布的房源',
  },
  LISTING_NOT_VERIFIED: {
    status: 409,
    message: '房源没有有效的产权核验，不能发布，请房东重新核验',
  },
} as const satisfies Record<ApiCodeName, { status: number; message: string }>;

/** Each code's string, HTTP status and message, by its name. */
export const API_CODES = Object.fromEntries(
  Object.entries(CODE_TEXTS).map(([name, texts]) => [
    name,
    { code: API_CODE[name as ApiCodeName], ...texts },
  ]),
) as { [K in ApiCodeName]: { code: (typeof API_CODE)[K] } & (typeof CODE_TEXTS)[K] };

/** The HTTP status and message of a code; unknown codes count as internal errors. */
export function describeCode(code: string): { code: string; status: number; message: string } {
  const entry = Object.values(API_CODES).find((candidate) => candidate.code === code);
  return entry ?? API_CODES.INTERNAL_ERROR;
}
