import type { AdminUpload } from '@portal/shared/schemas/admin';
import { request } from '../../../lib/api-client';

/** Sends one file as multipart field `file` to an operator upload endpoint. */
export function uploadFile<T = AdminUpload>(
  url: string,
  file: File,
  query?: Record<string, string>,
): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  return request<T>(url, { method: 'POST', body: form, query, toast: true });
}
