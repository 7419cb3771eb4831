/*
 * What an outside provider's failure may leave in the log. SDK errors carry the whole request:
 * Alibaba Cloud's message holds the request URL with the phone and the verification code in its
 * query, Alipay's the signed gateway URL, S3's the presigned address. None of that text is kept:
 * the log gets the provider, its error code (or the network failure's errno), the HTTP status
 * and a hint for operators, and a provider's own short answer text only after URLs, phone and ID
 * numbers and any run of four or more digits are removed (docs/security.md, "Logs").
 */

/** A provider call that failed, as the log may keep it (logged as the AppError's `cause`). */
export class ProviderFailure extends Error {
  readonly provider: string;
  readonly providerCode: string;
  readonly hint: string;

  constructor(provider: string, providerCode: string, hint = '', detail = '') {
    // A code is the provider's identifier (letters, digits, dots): anything else is dropped.
    const code = providerCode.replace(/[^\w. -]/g, '').slice(0, 80) || 'Unknown';
    const parts = [`${provider} ${code}`];
    if (hint) parts.push(hint);
    const clean = scrubProviderText(detail).slice(0, 160);
    if (clean) parts.push(clean);
    super(parts.join(': '));
    this.name = 'ProviderFailure';
    this.provider = provider;
    this.providerCode = code;
    this.hint = hint;
    // No stack: the stack's first line repeats the message and the rest names our own files only.
    this.stack = `${this.name}: ${this.message}`;
  }
}

/** A provider's answer text with URLs, long digit runs (phones, codes, IDs) and keys removed. */
export function scrubProviderText(text: string): string {
  return text
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S*/gi, '[url]')
    .replace(/\/\S*\?\S*/g, '[url]')
    .replace(/\b[\w-]*(?:key|secret|token|signature|credential)[\w-]*\s*[=:]\s*\S+/gi, '[secret]')
    .replace(/[0-9Xx]{15,}|[0-9]{4,}/g, '****')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Error codes of a failed network call (Node's errno and the SDKs' own names), else undefined. */
const NETWORK_CODES =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ESOCKETTIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ECONNABORTED|UND_ERR_\w+|ERR_\w+)$/;

/**
 * The code a thrown SDK error may be logged with: its errno or network code when it has one
 * (looking through `cause`), a timeout recognised by name or message, else `fallback`. The
 * message itself is never used.
 */
export function networkCodeOf(error: unknown, fallback = 'NetworkError'): string {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const { code, name, message } = current as {
      code?: unknown;
      name?: unknown;
      message?: unknown;
    };
    if (typeof code === 'string' && NETWORK_CODES.test(code)) return code;
    if (typeof name === 'string' && /timeout|abort/i.test(name)) return 'Timeout';
    if (typeof message === 'string' && /timeout|timed out/i.test(message)) return 'Timeout';
    if (typeof message === 'string' && /ECONNREFUSED/.test(message)) return 'ECONNREFUSED';
    if (typeof message === 'string' && /ECONNRESET|socket hang up/.test(message))
      return 'ECONNRESET';
    current = (current as { cause?: unknown }).cause;
  }
  return fallback;
}
