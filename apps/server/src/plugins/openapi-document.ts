import { API_CODES, type ApiCodeName } from '@portal/shared/codes';

/**
 * The finishing pass over the generated API document: every operation gets a stable operationId,
 * a Chinese summary, a tag, its security (from how the route is guarded), the error responses it
 * can answer — all in the one envelope `{ code, message, data }` (docs/decisions/0002-api-envelope-and-errors.md)
 * — and an example for every response. `npm test` lints the result with Redocly (redocly.yaml).
 */

/** How a route is guarded, read from its hooks when the document is built. */
export type RouteGuard = 'public' | 'user' | 'admin';

/** What the finishing pass needs to know about a route that the document does not say. */
export interface RouteFacts {
  guard: RouteGuard;
  /** `config.rateLimit` is set: the route answers 429 when called too often. */
  rateLimited: boolean;
  /** The body is a multipart upload. */
  upload: boolean;
}

/** Personal operations: the citizen's session token. */
export const SESSION_SCHEME = 'bearer';
/** Operator console operations: the same kind of token, of an account with the operator role. */
export const OPERATOR_SCHEME = 'operatorBearer';
/** The browser's session: the HttpOnly cookie sign-in sets (docs/decisions/0034-cookie-sessions.md). */
export const COOKIE_SCHEME = 'sessionCookie';

export const SECURITY_SCHEMES = {
  [SESSION_SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    description:
      '登录后取得的会话令牌：`Authorization: Bearer <token>`。未登录或已失效时返回 90001（401）。',
  },
  [OPERATOR_SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    description:
      '运营后台会话：同样以 `Authorization: Bearer <token>` 传递，令牌须属于运营人员账号；未登录返回 90001（401），非运营人员返回 10403（403）。',
  },
  [COOKIE_SCHEME]: {
    type: 'apiKey',
    in: 'cookie',
    name: 'portal_session',
    description:
      '浏览器会话：登录时设置的 HttpOnly Cookie（https 站点名为 `__Host-portal_session`）。以 Cookie 认证的 POST、PUT、PATCH、DELETE 须在 `X-CSRF-Token` 请求头中带上 `portal_csrf` Cookie 的值，否则返回 10419（403）。',
  },
} as const;

/** The ways an operation of a guard may be called: its bearer token or the browser's cookie. */
export function securityOf(guard: RouteGuard): Array<Record<string, string[]>> {
  if (guard === 'public') return [];
  return [{ [guard === 'admin' ? OPERATOR_SCHEME : SESSION_SCHEME]: [] }, { [COOKIE_SCHEME]: [] }];
}

/**
 * The business codes each module can answer besides the generic ones, from the code table
 * (packages/shared/src/codes.ts) and the errors each module's services throw.
 */
export const MODULE_CODES: Record<string, ApiCodeName[]> = {
  auth: [
    'LOGIN_FAILED',
    'ACCOUNT_LOCKED',
    'SMS_CODE_INVALID',
    'PHONE_TAKEN',
    'SMS_UNAVAILABLE',
    'SMS_PHONE_REJECTED',
    'SMS_PROVIDER_BUSY',
    'WECHAT_UNAVAILABLE',
    'LEGAL_VERSION_OUTDATED',
  ],
  users: [
    'REALNAME_UNAVAILABLE',
    'REALNAME_IDENTITY_TAKEN',
    'LEGAL_CONSENT_REQUIRED',
    'ACCOUNT_CLOSE_BLOCKED',
    'LOGIN_FAILED',
    'SMS_CODE_INVALID',
  ],
  legal: ['LEGAL_VERSION_OUTDATED'],
  orders: [
    'LEGAL_CONSENT_REQUIRED',
    'REALNAME_REQUIRED',
    'ROOM_UNAVAILABLE',
    'ORDER_DUPLICATE',
    'ORDER_STATE_INVALID',
    'ORDER_LOCK_LOST',
    'ORDER_NOT_PAYABLE',
    'PAY_SIGNATURE_INVALID',
    'PAY_AMOUNT_MISMATCH',
    'PAY_TRADE_UNKNOWN',
    'BANK_UNAVAILABLE',
    'DELAY_NOT_ALLOWED',
    'DELAY_ALREADY_USED',
    'REFUND_NOT_ALLOWED',
    'PRESALE_LICENCE_MISSING',
    'IDENTITY_ORDER_HELD',
    'ORDER_COOLING_OFF',
    'ORDER_RATE_LIMITED',
  ],
  admin: [
    'CONFLICT',
    'ORDER_STATE_INVALID',
    'ORDER_LOCK_LOST',
    'BANK_UNAVAILABLE',
    'REALNAME_IDENTITY_TAKEN',
  ],
  listings: [
    'LEGAL_CONSENT_REQUIRED',
    'LISTING_REALNAME_REQUIRED',
    'LISTING_NOT_FOUND',
    'LISTING_STATE_INVALID',
    'LISTING_CHECK_INVALID',
    'LISTING_PICTURE_INVALID',
    'LISTING_REPORT_DUPLICATE',
    'LISTING_REPORT_OWN',
    'LISTING_NOT_VERIFIED',
  ],
  chat: [
    'CHAT_MESSAGE_INVALID',
    'CHAT_SELF',
    'CHAT_BLOCKED',
    'CHAT_BLOCKING',
    'CHAT_CLOSED',
    'CHAT_REPORT_DUPLICATE',
    'LISTING_NOT_FOUND',
  ],
  feedback: ['FEEDBACK_CAPTCHA_INVALID'],
  map: ['MAP_BOUNDS_INVALID', 'MAP_MARKER_NOT_FOUND'],
  projects: ['CONFLICT'],
  wechat: ['WECHAT_SHARE_OFF', 'WECHAT_SHARE_URL_INVALID', 'WECHAT_SHARE_UNAVAILABLE'],
  simulators: ['WECHAT_CALLBACK_INVALID', 'REALNAME_UNAVAILABLE', 'PAY_SIGNATURE_INVALID'],
};

/**
 * Summaries of operations whose route gives none (the route's own `summary` wins), and tags of
 * routes that give none, by operationId.
 */
export const OPERATION_SUMMARIES: Record<string, string> = {
  getDevSmsPage: '短信模拟器页面：列出最近发出的短信验证码',
};
export const OPERATION_TAGS: Record<string, string> = { getDevSmsPage: 'simulators' };

/** Success bodies that are not JSON, by operationId: media type and example. */
const NON_JSON_SUCCESS: Record<string, { mediaType: string; schema: object; example: object }> = {
  getBuildingTableBuildingsByBuildingIdEvents: {
    mediaType: 'text/event-stream',
    schema: { type: 'string', description: '服务器推送事件流：房源状态变化时推送一条事件' },
    example: {
      summary: '一条房源状态变化事件',
      value: 'event: rooms\ndata: {"buildingId":12,"roomIds":[301,302],"version":4711}\n\n',
    },
  },
  getLotteryBatchesByIdEvents: {
    mediaType: 'text/event-stream',
    schema: { type: 'string', description: '服务器推送事件流：选房看板变化时推送一条事件' },
    example: {
      summary: '一条选房看板事件',
      value:
        'event: board\ndata: {"batchId":2,"current":{"chooseOrder":5,"regNo":"LH2026-002-00017","endsAt":"2026-11-29T10:15:00.000Z"},"roomsLeft":41}\n\n',
    },
  },
  getListingsCheckCodesByCodeQrPng: {
    mediaType: 'image/png',
    schema: { type: 'string', format: 'binary', description: '核验码二维码图片' },
    example: {
      summary: '核验码的二维码图片',
      externalValue: '/api/listings/check-codes/DJ202611270001/qr.png',
    },
  },
  getSiteQrSvg: {
    mediaType: 'image/svg+xml',
    schema: { type: 'string', description: '掌上服务二维码（SVG 图片）' },
    example: {
      summary: '本站 /houseHome?id=12 的二维码（节选）',
      value:
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 33 33" shape-rendering="crispEdges"><rect width="33" height="33" fill="#fff"/><path d="M2 2h1v1h-1z…" fill="#111"/></svg>',
    },
  },
  getLotteryProofsByOwnerByFile: {
    mediaType: 'image/jpeg',
    schema: {
      type: 'string',
      format: 'binary',
      description: '证明材料文件（JPEG、PNG、WebP 图片或 PDF，按文件类型返回）',
    },
    example: {
      summary: '一张证明材料照片',
      externalValue: '/api/lottery/proofs/12/5f0c2e7a9b4d41c3.jpg',
    },
  },
  getDevSmsPage: {
    mediaType: 'text/html',
    schema: { type: 'string', description: '模拟器页面' },
    example: { summary: '模拟器页面', value: '<!doctype html><title>短信模拟器</title>' },
  },
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

/**
 * `GET /api/admin/users/{id}` → `getAdminUsersById`: stable, derived from method and path. A page
 * outside `/api/` (the simulators' `/dev/sms`) ends in `Page`, apart from the API it shows.
 */
export function operationIdOf(method: string, path: string): string {
  const page = path.startsWith('/api/') ? [] : ['page'];
  const words = path
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ['by', param[1] ?? ''] : [segment];
    })
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  const capitalised = [...words, ...page].map((word) => word[0]!.toUpperCase() + word.slice(1));
  return [method.toLowerCase(), ...capitalised].join('');
}

/** Fastify's `/api/x/:id` as the document writes it, `/api/x/{id}`. */
export function documentPathOf(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

const ERROR_SCHEMA_REF = { $ref: '#/components/schemas/ApiError' };

const ERROR_SCHEMA = {
  type: 'object',
  description: '失败时的统一响应：code 为结果码（见各响应的示例），message 为中文提示。',
  properties: {
    code: { type: 'string', description: '结果码，000000 以外均为失败', example: '10001' },
    message: { type: 'string', description: '给用户看的中文提示', example: '请求参数不正确' },
    data: {
      description:
        '通常为 null；参数校验失败（10001）时为字段错误列表 [{ field, message }]，个别结果码附带详情。',
      anyOf: [
        {
          type: 'array',
          nullable: true,
          items: {
            type: 'object',
            properties: {
              field: { type: 'string', description: '出错的字段' },
              message: { type: 'string', description: '该字段的中文错误说明' },
            },
            required: ['field', 'message'],
          },
        },
        { type: 'object', nullable: true, additionalProperties: true },
      ],
    },
  },
  required: ['code', 'message', 'data'],
};

const STATUS_TEXT: Record<number, string> = {
  400: '请求参数或内容不正确',
  401: '未登录或登录已失效',
  403: '没有权限',
  404: '资源不存在',
  409: '状态冲突',
  413: '请求内容过大',
  415: '不支持的请求内容类型',
  423: '账号已锁定',
  429: '请求过于频繁',
  500: '系统错误',
  503: '服务暂不可用',
};

function errorExample(name: ApiCodeName) {
  const entry = API_CODES[name];
  const data =
    name === 'VALIDATION_FAILED' ? [{ field: 'pageSize', message: '数值不能大于 100' }] : null;
  const message =
    name === 'VALIDATION_FAILED' ? '查询参数不正确：pageSize 数值不能大于 100' : entry.message;
  return { summary: `${entry.code} ${entry.message}`, value: { code: entry.code, message, data } };
}

/** A value that satisfies a (zod-generated, OpenAPI 3.0) JSON schema, for examples. */
export function sampleOf(schema: unknown, name = ''): unknown {
  if (!schema || typeof schema !== 'object') return null;
  const s = schema as Record<string, unknown>;
  if ('example' in s) return s.example;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if ('const' in s) return s.const;
  const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(union) && union.length > 0) return sampleOf(union[0], name);
  if (Array.isArray(s.allOf)) {
    return Object.assign({}, ...s.allOf.map((part) => sampleOf(part, name) as object));
  }
  switch (s.type) {
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, sampleOf(value, key)]),
      );
    }
    case 'array': {
      const count = s.minItems ? Number(s.minItems) : Number(s.maxItems ?? 1) === 0 ? 0 : 1;
      return Array.from({ length: count }, () => sampleOf(s.items, name));
    }
    case 'integer':
    case 'number': {
      let value = 1;
      if (typeof s.minimum === 'number') value = Math.max(value, s.minimum);
      if (typeof s.exclusiveMinimum === 'number') value = Math.max(value, s.exclusiveMinimum + 1);
      if (typeof s.maximum === 'number') value = Math.min(value, s.maximum);
      return value;
    }
    case 'boolean':
      return true;
    case 'string':
      return sampleString(s, name);
    default:
      return null;
  }
}

const NAMED_STRINGS: Array<[RegExp, string]> = [
  [/^code$/, '000000'],
  [/^message$/, '操作成功'],
  [/phone/i, '138****0000'],
  [/(At|Time|time)$/, '2026-11-27T08:00:00.000Z'],
  [/(date|Date)$/, '2026-11-27'],
  [/(url|Url|image|Image|logo|Logo|cover|Cover)$/, '/uploads/example.jpg'],
  [/token$/i, 'k3J9xQ2mV8pL5nR7tY1wZ4bC6dF0gH2j'],
];

function sampleString(s: Record<string, unknown>, name: string): string {
  let value = NAMED_STRINGS.find(([pattern]) => pattern.test(name))?.[1] ?? '示例';
  if (s.format === 'date-time') value = '2026-11-27T08:00:00.000Z';
  if (typeof s.minLength === 'number' && value.length < s.minLength) {
    value = value.padEnd(s.minLength, '0');
  }
  if (typeof s.maxLength === 'number' && value.length > s.maxLength) {
    value = value.slice(0, s.maxLength);
  }
  return value;
}

/** zod writes `nullable` beside `anyOf` of enums; OpenAPI 3.0 wants a type beside it. */
function fixNullableUnions(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    node.forEach(fixNullableUnions);
    return;
  }
  const s = node as Record<string, unknown>;
  const union = s.anyOf as Array<Record<string, unknown>> | undefined;
  if (s.nullable === true && !s.type && Array.isArray(union)) {
    const type = union[0]?.type;
    const enums = union.every((branch) => branch.type === type && Array.isArray(branch.enum));
    if (type && enums) {
      delete s.anyOf;
      s.type = type;
      s.enum = [...union.flatMap((branch) => branch.enum as unknown[]), null];
    }
  }
  Object.values(s).forEach(fixNullableUnions);
}

type Operation = Record<string, unknown> & {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string }>;
  requestBody?: unknown;
  responses?: Record<string, Record<string, unknown>>;
};

function errorCodesOf(
  method: string,
  operation: Operation,
  path: string,
  facts: RouteFacts,
): ApiCodeName[] {
  const codes: ApiCodeName[] = [];
  const hasInput = (operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined;
  if (hasInput) codes.push('VALIDATION_FAILED');
  if (operation.requestBody !== undefined && !facts.upload) {
    codes.push('MALFORMED_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  }
  if (facts.upload) codes.push('FILE_TYPE_NOT_ALLOWED', 'FILE_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  if (facts.guard !== 'public') codes.push('INVALID_SESSION');
  if (facts.guard === 'admin') codes.push('FORBIDDEN');
  // Called with the session cookie, a state change without its CSRF token is refused.
  if (facts.guard !== 'public' && method !== 'GET') codes.push('CSRF_REFUSED');
  if (path.includes('{')) codes.push('NOT_FOUND');
  if (facts.rateLimited) codes.push('RATE_LIMITED');
  for (const tag of operation.tags ?? []) codes.push(...(MODULE_CODES[tag] ?? []));
  codes.push('INTERNAL_ERROR', 'SERVICE_UNAVAILABLE');
  return [...new Set(codes)];
}

function addErrorResponses(operation: Operation, codes: ApiCodeName[]): void {
  const responses = (operation.responses ??= {});
  const byStatus = new Map<number, ApiCodeName[]>();
  for (const name of codes) {
    const status = API_CODES[name].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), name]);
  }
  for (const [status, names] of [...byStatus].sort(([a], [b]) => a - b)) {
    const examples = Object.fromEntries(names.map((name) => [name, errorExample(name)]));
    const existing = responses[String(status)];
    if (existing) {
      // The route declares this status itself (its own schema): keep it, add the examples.
      const content = existing.content as Record<string, Record<string, unknown>> | undefined;
      const media = content?.['application/json'];
      if (media && !media.example && !media.examples) media.examples = examples;
      if (existing.description === 'Default Response') existing.description = STATUS_TEXT[status];
      continue;
    }
    responses[String(status)] = {
      description: STATUS_TEXT[status] ?? '失败',
      content: { 'application/json': { schema: ERROR_SCHEMA_REF, examples } },
    };
  }
}

function addSuccessExample(operation: Operation): void {
  const id = operation.operationId ?? '';
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!status.startsWith('2')) continue;
    if (response.description === 'Default Response') response.description = '成功';
    const special = NON_JSON_SUCCESS[id];
    if (special && !response.content) {
      response.content = {
        [special.mediaType]: { schema: special.schema, examples: { default: special.example } },
      };
      continue;
    }
    for (const media of Object.values(
      (response.content ?? {}) as Record<string, Record<string, unknown>>,
    )) {
      if (media.example === undefined && media.examples === undefined && media.schema) {
        media.example = sampleOf(media.schema);
      }
    }
  }
}

/**
 * Completes the document in place. `factsOf` tells, for `METHOD /document/path`, how the route is
 * guarded and limited (collected from the routes as the document is built).
 */
export function completeDocument(
  document: Record<string, unknown>,
  factsOf: (method: string, path: string) => RouteFacts | undefined,
): Record<string, unknown> {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  fixNullableUnions(paths);
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const id = operationIdOf(method, path);
      operation.operationId = id;
      operation.summary ??= OPERATION_SUMMARIES[id];
      if (!operation.tags?.length && OPERATION_TAGS[id]) operation.tags = [OPERATION_TAGS[id]];
      const facts = factsOf(method.toUpperCase(), path);
      if (facts) {
        operation.security = securityOf(facts.guard);
        addErrorResponses(operation, errorCodesOf(method.toUpperCase(), operation, path, facts));
      }
      addSuccessExample(operation);
    }
  }
  const components = (document.components ?? {}) as Record<string, Record<string, unknown>>;
  document.components = {
    ...components,
    securitySchemes: { ...components.securitySchemes, ...SECURITY_SCHEMES },
    schemas: { ...components.schemas, ApiError: ERROR_SCHEMA },
  };
  // No top-level `tags` list: with one, Swagger UI at /api/docs stalls on a document this size.
  document.servers = [{ url: '/', description: '本站' }];
  return document;
}
