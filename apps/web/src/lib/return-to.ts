import { sameSitePath } from '@portal/shared/return-to';

/**
 * The page a citizen goes back to after signing in (docs/decisions/0053-wechat-web-authorisation.md):
 * a path of this site only (`@portal/shared/return-to`); anything else falls back to `fallback`.
 */
export function safeReturnTo(value: string | null | undefined, fallback = '/home'): string {
  return sameSitePath(value) ?? fallback;
}

/** The page in hand now (path and query), the task to come back to after signing in. */
export function currentTask(): string {
  return `${window.location.pathname}${window.location.search}`;
}
