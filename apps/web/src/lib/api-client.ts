import { API_CODE, type ApiEnvelope, FALLBACK_ERROR_MESSAGE } from '@portal/shared/api-code';
import { type QueryParams, withQuery } from '../config/paths';
import { authStore } from './auth-store';
import { takeEarlyResponse } from './early-requests';
import { notifyError } from './notify';
import { CSRF_HEADER, readCsrfToken } from './session-cookie';

/** A failed call: the envelope code (or `HTTP_<status>` / `NETWORK`), its message and status. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Show the server message as an error toast when the call fails (docs/product/site-shell.md). */
  toast?: boolean;
  signal?: AbortSignal;
  /** Let the call outlive the page (sent while the page is left or reloaded); small bodies only. */
  keepalive?: boolean;
}

/**
 * How calls reach the API while the server renders a page (`entry-server.tsx`): the server hands
 * them to its own routes instead of the network. Unset in the browser.
 */
let serverFetch: typeof fetch | null = null;

/** Sends the API calls of server rendering through `transport` (the server's own routes). */
export function setServerFetch(transport: typeof fetch | null): void {
  serverFetch = transport;
}

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value;
}

async function readEnvelope(response: Response): Promise<ApiEnvelope<unknown> | null> {
  try {
    const parsed: unknown = await response.json();
    return isEnvelope(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function toError(response: Response | null, envelope: ApiEnvelope<unknown> | null): ApiError {
  const status = response?.status ?? 0;
  const code = envelope ? String(envelope.code) : response ? `HTTP_${status}` : 'NETWORK';
  const message = envelope?.message?.trim() ? envelope.message : FALLBACK_ERROR_MESSAGE;
  return new ApiError(code, message, status);
}

/**
 * Calls the API and unwraps the envelope: resolves with `data` on code 000000, otherwise throws
 * an ApiError. Code 90001 ends the session silently (docs/product/site-shell.md).
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestEnvelope<T>(path, options)).data;
}

/**
 * Like `request`, but resolves with the whole success envelope, for calls whose success toast is
 * the server's own message (docs/product/site-shell.md: the refund message).
 */
export async function requestEnvelope<T>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiEnvelope<T>> {
  const headers = new Headers({ Accept: 'application/json' });
  const { session } = authStore.getState();

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response | null = null;
  let envelope: ApiEnvelope<unknown> | null = null;
  const url = withQuery(path, options.query);
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  // The session cookie goes with every call; a state change also shows the session's CSRF
  // token, which a page of another site cannot read.
  const csrfToken = method === 'GET' ? null : readCsrfToken();
  if (csrfToken) headers.set(CSRF_HEADER, csrfToken);
  try {
    response = await ((method === 'GET' ? takeEarlyResponse(url, session) : undefined) ??
      (serverFetch ?? fetch)(url, {
        method,
        headers,
        body,
        signal: options.signal,
        keepalive: options.keepalive,
      }));
    envelope = await readEnvelope(response);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
  }

  if (response?.ok && envelope?.code === API_CODE.SUCCESS) return envelope as ApiEnvelope<T>;

  const error = toError(response, envelope);
  if (error.code === API_CODE.INVALID_SESSION) {
    authStore.clear();
    throw error;
  }
  if (options.toast) notifyError(error.message);
  throw error;
}

type WithoutMethod = Omit<RequestOptions, 'method' | 'query' | 'body'>;

export function apiGet<T>(path: string, query?: QueryParams, options?: WithoutMethod): Promise<T> {
  return request<T>(path, { ...options, method: 'GET', query });
}

export function apiPost<T>(path: string, body?: unknown, options?: WithoutMethod): Promise<T> {
  return request<T>(path, { ...options, method: 'POST', body });
}

export function apiPut<T>(path: string, body?: unknown, options?: WithoutMethod): Promise<T> {
  return request<T>(path, { ...options, method: 'PUT', body });
}

export function apiDelete<T>(
  path: string,
  query?: QueryParams,
  options?: WithoutMethod,
): Promise<T> {
  return request<T>(path, { ...options, method: 'DELETE', query });
}
