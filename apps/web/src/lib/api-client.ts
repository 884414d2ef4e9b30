import type { z } from 'zod';
import { ErrorEnvelopeSchema, type RouteDef, type RouteQuery, type RouteValue } from '@portal/contracts/http.ts';
import { ApiError } from './api-error.ts';
import { i18n } from './i18n.ts';
import { deviceId } from './device-id.ts';
import { readSessionToken } from './session.ts';

/**
 * The input type of a route's body. `RouteBody` of the contracts reads `R['body']`, which includes
 * `undefined` (the field is optional) and so never matches; NonNullable first.
 */
export type CallBody<R extends RouteDef> =
  NonNullable<R['body']> extends z.ZodType ? z.input<NonNullable<R['body']>> : never;

export interface CallOptions<R extends RouteDef> {
  query?: Partial<RouteQuery<R>> | Record<string, string | number | boolean | undefined | null>;
  body?: CallBody<R>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** False for a call that must not carry the portal's bearer token (the house vendor's own API). */
  session?: boolean;
}

/** Builds `path?query` from a route; undefined and null values are left out. */
export function buildUrl(route: RouteDef, query?: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = params.toString();
  return qs ? `${route.path}?${qs}` : route.path;
}

function networkError(): ApiError {
  return new ApiError('NETWORK_ERROR', i18n.t('errors:NETWORK_ERROR'));
}

/**
 * Calls one route of the contracts: sends the session token when there is one, reads the
 * `{ success, message, value }` envelope, checks `value` against the route's schema and throws an
 * `ApiError` with the server's code otherwise.
 */
export async function call<R extends RouteDef>(route: R, options: CallOptions<R> = {}): Promise<RouteValue<R>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = options.session === false ? null : readSessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const device = options.session === false ? undefined : deviceId();
  if (device) headers['X-Device-Id'] = device;

  let body: string | undefined;
  if (options.body !== undefined && route.method !== 'GET') {
    if (route.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(
        Object.entries(options.body as Record<string, unknown>).map(([k, v]) => [k, String(v ?? '')]),
      ).toString();
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(route, options.query as Record<string, unknown> | undefined), {
      method: route.method,
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }

  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    if (response.status >= 500 || response.status === 0) throw networkError();
    throw new ApiError('INVALID_RESPONSE', i18n.t('errors:INVALID_RESPONSE'), undefined, response.status);
  }

  const failure = ErrorEnvelopeSchema.safeParse(payload);
  if (failure.success) {
    throw new ApiError(
      failure.data.code,
      failure.data.message,
      failure.data.field,
      response.status,
      failure.data.value,
    );
  }
  if (
    !response.ok ||
    typeof payload !== 'object' ||
    payload === null ||
    (payload as { success?: unknown }).success !== true
  ) {
    throw new ApiError('INVALID_RESPONSE', i18n.t('errors:INVALID_RESPONSE'), undefined, response.status);
  }
  const parsed = route.value.safeParse((payload as { value?: unknown }).value);
  if (!parsed.success) {
    throw new ApiError('INVALID_RESPONSE', i18n.t('errors:INVALID_RESPONSE'), undefined, response.status);
  }
  return parsed.data as RouteValue<R>;
}
