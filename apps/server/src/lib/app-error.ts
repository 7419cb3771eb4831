import { API_CODES, type ApiCodeName } from '@portal/shared/codes';

/**
 * The one error type services throw. The error handler turns it into the envelope with the
 * code's HTTP status; `message` overrides the code's default Chinese text.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly data: unknown;

  constructor(name: ApiCodeName, message?: string, data: unknown = null) {
    const entry = API_CODES[name];
    super(message ?? entry.message);
    this.name = 'AppError';
    this.code = entry.code;
    this.status = entry.status;
    this.data = data;
  }
}
