import type { ClientError } from '@portal/shared/schemas/telemetry';

const ENDPOINT = '/api/telemetry/client-errors';
/** At most this many reports per page load, so a render loop cannot flood the log. */
const MAX_REPORTS = 10;
let sent = 0;

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack };
  return { message: typeof error === 'string' ? error : (JSON.stringify(error) ?? '未知错误') };
}

/**
 * Reports a browser-side failure (a chunk that would not load, a render error) to the server
 * log. Fire and forget: reporting must never break the page.
 */
export function reportClientError(kind: ClientError['kind'], error: unknown): void {
  if (sent >= MAX_REPORTS) return;
  sent += 1;
  const { message, stack } = describe(error);
  const report: ClientError = {
    kind,
    message: message.slice(0, 2000) || '未知错误',
    url: window.location.href.slice(0, 2000),
    stack: stack?.slice(0, 8000),
    userAgent: navigator.userAgent.slice(0, 500),
  };
  void fetch(ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(report),
    keepalive: true,
  }).catch(() => undefined);
}

/** Reports uncaught errors and unhandled promise rejections of the whole page. */
export function installGlobalErrorReporting(): void {
  window.addEventListener('error', (event) =>
    reportClientError('runtime', event.error ?? event.message),
  );
  window.addEventListener('unhandledrejection', (event) =>
    reportClientError('unhandled-rejection', event.reason),
  );
}
