/**
 * Stable error codes. The server answers `{ success: false, code, message }`; the web app shows
 * the localized text of `errors.<code>` and the English `message` only when it knows no key.
 */
export const ERROR_CODES = [
  'NOT_FOUND',
  'VALIDATION_FAILED',
  'MALFORMED_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'METHOD_NOT_ALLOWED',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'NOT_LOGGED_IN',
  'SYSTEM_MAINTENANCE',
  'REGION_RESTRICTED',
  'OPERATOR_KEY_REQUIRED',
  'OPERATOR_KEY_INVALID',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
