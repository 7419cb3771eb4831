import { API_CODE } from '@portal/shared/api-code';
import { ApiError } from '../../../lib/api-client';

/** The toast after a failed upload when the server gives no reason (docs/product/listings.md). */
export const UPLOAD_FAILED = '上传失败';

/**
 * The one message a failed upload shows: the server's reason (只能上传图片文件, 图片大小不能超过5MB…)
 * when its answer carried one, otherwise 上传失败; null for an ended session, which signs out
 * silently.
 */
export function uploadErrorMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return UPLOAD_FAILED;
  if (error.code === API_CODE.INVALID_SESSION) return null;
  const hasServerReason = /^\d+$/.test(error.code) && error.message.trim() !== '';
  return hasServerReason ? error.message : UPLOAD_FAILED;
}
