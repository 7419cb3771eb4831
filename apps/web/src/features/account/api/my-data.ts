import type { AccountClose } from '@portal/shared/schemas/legal';
import { apiGet, apiPost } from '../../../lib/api-client';

/** 下载我的数据: the caller's own records as one JSON document. */
export function exportMyData(): Promise<Record<string, unknown>> {
  return apiGet<Record<string, unknown>>('/api/users/me/export', undefined, { toast: true });
}

/** 注销账号 with the login password or a VALIDATE_PHONE code; the server ends every session. */
export function closeAccount(body: AccountClose): Promise<null> {
  return apiPost<null>('/api/users/me/close', body, { toast: true });
}
