import type { ErrorCode } from '@portal/contracts/errors.ts';

/** Codes the client adds to the server's catalogue: the request never got an answer, or a wrong one. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly field: string | undefined;
  readonly status: number;
  /** What the server attached to the refusal: a captcha flag, field issues, a new-IP challenge. */
  readonly value: unknown;

  constructor(code: ApiErrorCode, message: string, field?: string, status = 0, value?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.field = field;
    this.status = status;
    this.value = value;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
