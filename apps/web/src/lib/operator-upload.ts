import type { AdminUpload } from '@portal/shared/schemas/admin';
import { request } from './api-client';

/**
 * Sends one file as multipart field `file` to an operator upload endpoint. A refused file
 * rejects with the server's message (e.g. 只能上传图片文件), also shown as an error toast unless
 * `toast` is false because the caller shows it itself.
 */
export function uploadFile<T = AdminUpload>(
  url: string,
  file: File,
  query?: Record<string, string>,
  options: { toast?: boolean } = {},
): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  return request<T>(url, { method: 'POST', body: form, query, toast: options.toast ?? true });
}

/** The message to show for a failed upload: the server's, or a generic one. */
export function uploadErrorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '上传失败，请稍后重试';
}
