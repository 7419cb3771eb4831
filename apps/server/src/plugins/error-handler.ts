import { API_CODES, type ApiCodeName } from '@portal/shared/codes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ProviderFailure } from '../integrations/provider-failure';
import { AppError } from '../lib/app-error';
import { isFormBody } from '../lib/form-body';

const PART_LABEL: Record<string, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

/** Fastify's own client errors, by code, mapped onto our code table. */
const FASTIFY_CODES: Record<string, ApiCodeName> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  FST_FILES_LIMIT: 'VALIDATION_FAILED',
  FST_PARTS_LIMIT: 'VALIDATION_FAILED',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

/** Generic code by HTTP status, for client errors that carry no code of ours. */
const STATUS_CODES: Record<number, ApiCodeName> = {
  400: 'VALIDATION_FAILED',
  401: 'INVALID_SESSION',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * The SQLSTATE of a database error, looking through the driver's and Drizzle's wrappers.
 * Class 22 (data exception: a number out of range for its column, text that is not a valid
 * number or date) means the request carried a value the database cannot hold: a client error.
 */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
]);
const UNAVAILABLE_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|pglite is closed|内嵌数据库线程已退出|client has encountered a connection error|cannot use a pool after calling end/i;

/**
 * Whether the database could not be reached (server down, connection lost, refusing
 * connections): the request is answered 503 and may be retried; nothing was half-written
 * because the statement never ran or its transaction was rolled back.
 */
function databaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_ERRNOS.has(code) || code.startsWith('08')) return true;
      if (['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function send(reply: FastifyReply, status: number, code: string, message: string, data: unknown) {
  return reply.status(status).type('application/json; charset=utf-8').send({ code, message, data });
}

function sendCode(reply: FastifyReply, name: ApiCodeName, message?: string, data: unknown = null) {
  const entry = API_CODES[name];
  return send(reply, entry.status, entry.code, message ?? entry.message, data);
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    const failure = error.cause instanceof ProviderFailure ? error.cause : null;
    if (failure) {
      // An outside provider's failure, logged as the provider's (its name, code and hint only;
      // integrations/provider-failure.ts): at error level when the citizen got a 503.
      const fields = { err: error, provider: failure.provider, providerCode: failure.providerCode };
      if (error.status >= 500) request.log.error(fields, 'provider failure');
      else request.log.warn(fields, 'provider refusal');
    } else if (error.status >= 500) request.log.error({ err: error }, 'service failure');
    return send(reply, error.status, error.code, error.message, error.data);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const part = PART_LABEL[error.validationContext ?? ''] ?? '请求';
    const issues = error.validation.map((issue) => ({
      path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: issue.message ?? '格式不正确',
    }));
    const first = issues[0] ?? { path: '', message: '格式不正确' };
    // A form body refused field by field answers with its own first rule (lib/form-body.ts);
    // a body that is not an object at all is answered like any other.
    const body = request.routeOptions.schema?.body;
    if (error.validationContext === 'body' && isFormBody(body) && first.path) {
      const fields = issues.map(({ path, message }) => ({ field: path || 'body', message }));
      return sendCode(reply, 'VALIDATION_FAILED', first.message, fields);
    }
    const fields = issues.map(({ path, message }) => ({ field: path || part, message }));
    const message = `${part}不正确：${first.path || part} ${first.message}`;
    return sendCode(reply, 'VALIDATION_FAILED', message, fields);
  }
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) return sendCode(reply, known);
  const state = sqlState(error);
  if (state?.startsWith('22')) {
    // A value the request carried that the database cannot hold (22007 invalid date, 22008 date
    // out of range, 22P02 not a number, 22003 number out of range, 22001 text too long): the
    // client's error, answered 400 with the generic text; the detail stays in the server log.
    request.log.warn({ err: error, sqlState: state }, 'database refused a request value');
    return sendCode(reply, 'VALIDATION_FAILED');
  }
  const status = error.statusCode ?? 500;
  if (status < 500) {
    const byStatus = STATUS_CODES[status];
    if (byStatus) return sendCode(reply, byStatus);
    return send(
      reply,
      status,
      API_CODES.VALIDATION_FAILED.code,
      API_CODES.VALIDATION_FAILED.message,
      null,
    );
  }
  if (databaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return sendCode(reply, 'SERVICE_UNAVAILABLE');
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendCode(reply, 'INTERNAL_ERROR');
}

/**
 * The one error handler: every failure leaves as the `{ code, message, data }` envelope with the
 * right HTTP status and a Chinese message. No stack trace or SQL text ever reaches a client.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(handleError);
});

export { sendCode };
