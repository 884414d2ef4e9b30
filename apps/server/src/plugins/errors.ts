import type { ErrorCode } from '@portal/contracts/errors.ts';
import type { ErrorEnvelope } from '@portal/contracts/http.ts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';

function send(reply: FastifyReply, status: number, code: ErrorCode, message: string, field?: string, value?: unknown) {
  const body: ErrorEnvelope = {
    success: false,
    code,
    message,
    ...(field ? { field } : {}),
    ...(value !== undefined ? { value } : {}),
  };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

const FASTIFY_CODES: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'MALFORMED_REQUEST', 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'MALFORMED_REQUEST', 'The request body is empty.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'This content type is not accepted.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'MALFORMED_REQUEST', 'The content length is wrong.'],
};

/** One place turns every failure into the error envelope; 5xx never carry internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError)
      return send(reply, error.statusCode, error.code, error.message, error.field, error.value);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = error.validationContext ?? 'body';
      const path = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
      const field = path ? `${where}.${path}` : where;
      return send(reply, 400, 'VALIDATION_FAILED', `${field}: ${first?.message ?? 'invalid'}`, field);
    }

    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return send(reply, known[0], known[1], known[2]);
    if (error.statusCode === 429) return send(reply, 429, 'RATE_LIMITED', 'Too many requests, please retry later.');
    if (error instanceof SyntaxError && error.statusCode === 400)
      return send(reply, 400, 'MALFORMED_REQUEST', 'The request could not be read.');

    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, 'MALFORMED_REQUEST', 'The request could not be processed.');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'INTERNAL_ERROR', 'System error, please try again later.');
  });
}
