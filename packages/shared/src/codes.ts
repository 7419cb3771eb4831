/**
 * The single table of API result codes (ARCHITECTURE.md §4). Every response body is the
 * envelope `{ code, message, data }`; `code` is `000000` on success. Each failure code carries
 * its HTTP status and the Chinese message shown to the user when the server gives no better one.
 */
export const API_CODES = {
  SUCCESS: { code: '000000', status: 200, message: '操作成功' },
  VALIDATION_FAILED: { code: '10001', status: 400, message: '请求参数不正确' },
  MALFORMED_JSON: { code: '10002', status: 400, message: '请求内容不是有效的 JSON' },
  UNSUPPORTED_MEDIA_TYPE: { code: '10003', status: 415, message: '不支持的请求内容类型' },
  PAYLOAD_TOO_LARGE: { code: '10004', status: 413, message: '请求内容过大' },
  FILE_TOO_LARGE: { code: '10005', status: 413, message: '上传文件过大' },
  FILE_TYPE_NOT_ALLOWED: { code: '10006', status: 400, message: '只能上传图片文件' },
  FORBIDDEN: { code: '10403', status: 403, message: '没有权限执行此操作' },
  NOT_FOUND: { code: '10404', status: 404, message: '请求的资源不存在' },
  METHOD_NOT_ALLOWED: { code: '10405', status: 405, message: '不支持的请求方法' },
  CONFLICT: { code: '10409', status: 409, message: '数据已被修改，请刷新后重试' },
  RATE_LIMITED: { code: '10429', status: 429, message: '操作过于频繁，请稍后再试' },
  INTERNAL_ERROR: { code: '50000', status: 500, message: '系统繁忙，请稍后再试' },
  SERVICE_UNAVAILABLE: { code: '50003', status: 503, message: '服务暂不可用，请稍后再试' },
  LOGIN_FAILED: { code: '20001', status: 400, message: '账号或密码错误' },
  ACCOUNT_LOCKED: {
    code: '20002',
    status: 423,
    message: '密码错误次数过多，账号已锁定，请15分钟后再试',
  },
  SMS_CODE_INVALID: { code: '20003', status: 400, message: '验证码错误或已失效' },
  PHONE_TAKEN: { code: '20004', status: 409, message: '该手机号已被注册' },
  INVALID_SESSION: { code: '90001', status: 401, message: '登录已失效，请重新登录' },
  REALNAME_REQUIRED: {
    code: '60001',
    status: 403,
    message: '请先完成实名认证后再缴纳订约金',
  },
  ROOM_UNAVAILABLE: {
    code: '60002',
    status: 409,
    message: '该房源已被他人锁定或正在缴纳订约金，请选择其他房源',
  },
  ORDER_DUPLICATE: {
    code: '60003',
    status: 409,
    message: '您已有该房源的待支付订单，请勿重复下单',
  },
  ORDER_STATE_INVALID: {
    code: '60004',
    status: 409,
    message: '订单状态已变化，无法执行此操作，请刷新后重试',
  },
} as const satisfies Record<string, { code: string; status: number; message: string }>;

export type ApiCodeName = keyof typeof API_CODES;
export type ApiCodeValue = (typeof API_CODES)[ApiCodeName]['code'];

/** The code strings by name, e.g. `API_CODE.SUCCESS === '000000'`. */
export const API_CODE = Object.fromEntries(
  Object.entries(API_CODES).map(([name, entry]) => [name, entry.code]),
) as { [K in ApiCodeName]: (typeof API_CODES)[K]['code'] };

/** Generic text for a failure without a message of its own (spec 2 §8). */
export const FALLBACK_ERROR_MESSAGE = '系统错误';

/** The response envelope of every API call. */
export interface ApiEnvelope<T> {
  code: string;
  message: string;
  data: T;
}

/** A paged list, as every list endpoint answers it. */
export interface Paged<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** The HTTP status and message of a code; unknown codes count as internal errors. */
export function describeCode(code: string): { code: string; status: number; message: string } {
  const entry = Object.values(API_CODES).find((candidate) => candidate.code === code);
  return entry ?? API_CODES.INTERNAL_ERROR;
}
