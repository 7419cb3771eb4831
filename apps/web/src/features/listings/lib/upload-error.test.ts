import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { UPLOAD_FAILED, uploadErrorMessage } from './upload-error';

describe('the message of a failed upload', () => {
  it("shows the server's reason when its envelope has one", () => {
    expect(uploadErrorMessage(new ApiError('10006', '只能上传图片文件', 400))).toBe(
      '只能上传图片文件',
    );
  });

  it('shows 上传失败 for a network failure or an answer without an envelope', () => {
    expect(uploadErrorMessage(new ApiError('NETWORK', '系统错误', 0))).toBe(UPLOAD_FAILED);
    expect(uploadErrorMessage(new ApiError('HTTP_502', '系统错误', 502))).toBe(UPLOAD_FAILED);
    expect(uploadErrorMessage(new TypeError('Failed to fetch'))).toBe(UPLOAD_FAILED);
  });

  it('shows nothing when the session has ended (silent sign-out)', () => {
    expect(uploadErrorMessage(new ApiError('90001', '登录已失效，请重新登录', 401))).toBeNull();
  });
});
