import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are secrets: link signatures (the server's own `sig`, S3's
 * `X-Amz-Signature` / `X-Amz-Credential` / `X-Amz-Security-Token`), tokens, tickets, codes,
 * passwords and keys, and the WeChat callback's nonce and the scanner's openid. Their values
 * never reach the log.
 */
const SECRET_PARAM =
  /sig|signature|token|ticket|code|password|pwd|secret|key|credential|nonce|openid/i;
/**
 * Secret parameters whose names say nothing, by path: the signed token `t` of an SMS unsubscribe
 * link (the page `/unsubscribe` and the call it makes) would let anyone reading the log end the
 * subscription.
 */
const SECRET_PARAMS_BY_PATH: ReadonlyArray<{ path: RegExp; params: ReadonlySet<string> }> = [
  { path: /^\/(?:api\/subscriptions\/)?unsubscribe\/?$/, params: new Set(['t']) },
  // WeChat web authorisation: the state binding a sign-in to its browser, and where it returns.
  { path: /^\/api\/auth\/wechat\/oauth\/callback\/?$/, params: new Set(['state']) },
  { path: /^\/dev\/wechat-oauth\/authorize\/?$/, params: new Set(['state', 'redirect_uri']) },
];
/** A mainland ID number (GB 11643: 17 digits and a digit or X). */
const ID_NUMBER = /(?<![0-9])[0-9]{6}(?:18|19|20)[0-9]{9}[0-9Xx](?![0-9])/g;
/** A mainland mobile number. */
const PHONE = /(?<![0-9])(1[3-9][0-9])[0-9]{4}([0-9]{4})(?![0-9])/g;

export const REDACTED = '[REDACTED]';

/** Masks ID numbers (`130302********1234`) and phones (`138****0000`) in a text. */
export function maskPersonalNumbers(text: string): string {
  return text
    .replace(ID_NUMBER, (id) => `${id.slice(0, 6)}********${id.slice(-4)}`)
    .replace(PHONE, '$1****$2');
}

/**
 * A request URL as the log may keep it: the values of secret query parameters replaced by
 * [REDACTED] (a signed link to an ID-card photo or an invoice stays valid for minutes, so its
 * signature must not be readable in the log), and ID numbers and phones masked in the path and
 * the rest of the query.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  if (mark === -1) return maskPersonalNumbers(path);
  const secretHere = SECRET_PARAMS_BY_PATH.find((entry) => entry.path.test(path))?.params;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is judged as sent.
      }
      return SECRET_PARAM.test(decoded) || secretHere?.has(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return maskPersonalNumbers(`${path}?${query}`);
}

/**
 * The request as the access log writes it (Fastify's default fields) with the URL redacted.
 * Headers are never logged (the authorization header and cookies are also redacted by path).
 */
export function redactedRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
