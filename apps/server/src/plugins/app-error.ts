import type { ErrorCode } from '@portal/contracts/errors.ts';

/** A failure the caller can act on. Becomes `{ success: false, code, message, field? }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message?: string,
    readonly field?: string,
    /** Extra data the client acts on, e.g. `{ captcha: true }` after a failed login (spec §4). */
    readonly value?: unknown,
  ) {
    super(message ?? code);
    this.name = 'AppError';
  }
}
