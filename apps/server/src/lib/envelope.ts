import { API_CODES } from '@portal/shared/codes';

/** Wraps a result in the success envelope. */
export function ok<T>(data: T, message: string = API_CODES.SUCCESS.message) {
  return { code: API_CODES.SUCCESS.code, message, data };
}
