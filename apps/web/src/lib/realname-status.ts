import { apiGet } from './api-client';

/**
 * Whether the signed-in user is real-name verified: the one call of `/api/auth/realname-status`
 * on the web (publishing a listing, the deposit flow and the verification dialog ask it here).
 * `toast` shows a failure as a message.
 */
export function getRealnameStatus(options: { toast?: boolean } = {}): Promise<boolean> {
  return apiGet<boolean>('/api/auth/realname-status', undefined, options);
}
