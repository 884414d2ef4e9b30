import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type RouteAuth = 'none' | 'member' | 'operator';

/**
 * One call of the API. Server and web both read these: the server registers the route from it,
 * the web client builds the request and parses the answer with it.
 */
export interface RouteDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  V extends z.ZodType = z.ZodType,
> {
  operationId: string;
  method: HttpMethod;
  path: string;
  summary: string;
  tags: string[];
  auth: RouteAuth;
  query?: Q;
  body?: B;
  /** The body is sent form-encoded (spec §7: forgot password by e-mail). */
  form?: boolean;
  value: V;
}

export function defineRoute<Q extends z.ZodType, B extends z.ZodType, V extends z.ZodType>(
  def: RouteDef<Q, B, V>,
): RouteDef<Q, B, V> {
  return def;
}

/** The spec's response envelope: `success`, `message`, `value`. */
export function envelope<V extends z.ZodType>(value: V) {
  return z.object({ success: z.literal(true), message: z.string(), value });
}

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  code: ErrorCodeSchema,
  message: z.string(),
  /** The input field that failed, when one did (dotted path, e.g. `body.email`). */
  field: z.string().optional(),
  value: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export type RouteValue<R extends RouteDef> = z.infer<R['value']>;
export type RouteQuery<R extends RouteDef> = R['query'] extends z.ZodType ? z.input<R['query']> : never;
export type RouteBody<R extends RouteDef> = R['body'] extends z.ZodType ? z.input<R['body']> : never;
