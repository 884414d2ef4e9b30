import type { RouteDef, RouteValue } from '@portal/contracts/http.ts';
import type { z } from 'zod';

/** A route's body and query input types (NonNullable first: the fields are optional on RouteDef). */
type Input<S> = NonNullable<S> extends z.ZodType ? z.input<NonNullable<S>> : never;

/** A refused call: the server's stable code, its English message and the field it names. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly status = 0,
  ) {
    super(message);
  }
}

let csrfToken = '';
let sessionEnded: ((code: string) => void) | null = null;
/**
 * Called with the refusal's code when a signed-in call finds the staff session over (the account
 * disabled, re-roled, expired or signed out elsewhere).
 */
export const onSessionEnded = (listener: ((code: string) => void) | null) => {
  sessionEnded = listener;
};
/** The codes that end a session: the console returns to its sign-in page and says which. */
export const SESSION_ENDED_CODES = new Set(['STAFF_SESSION_EXPIRED', 'STAFF_NOT_SIGNED_IN', 'STAFF_ACCOUNT_DISABLED']);
/** The session's CSRF token (from sign-in or /me); sent on every call that changes something. */
export const setCsrfToken = (token: string) => {
  csrfToken = token;
};

/**
 * Calls one contract route with the staff session cookie (same origin) and the CSRF token, and
 * parses the answer with the route's own schema.
 */
export async function call<R extends RouteDef>(
  route: R,
  input: { query?: Partial<Input<R['query']>>; body?: Input<R['body']> } = {},
): Promise<RouteValue<R>> {
  const url = new URL(route.path, window.location.origin);
  for (const [k, v] of Object.entries((input.query ?? {}) as Record<string, unknown>))
    if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  let res: Response;
  try {
    res = await fetch(url, {
      method: route.method,
      credentials: 'same-origin',
      headers: {
        ...(route.method !== 'GET' ? { 'x-csrf-token': csrfToken } : {}),
        ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
    });
  } catch {
    throw new ApiError('NETWORK_ERROR', 'The server does not answer.');
  }
  const json = (await res.json().catch(() => null)) as {
    success?: boolean;
    value?: unknown;
    code?: string;
    message?: string;
    field?: string;
  } | null;
  if (!json) throw new ApiError('INVALID_RESPONSE', 'The server answered something unreadable.', undefined, res.status);
  if (!json.success && res.status === 401 && SESSION_ENDED_CODES.has(json.code ?? '') && csrfToken)
    sessionEnded?.(json.code!);
  if (!json.success) throw new ApiError(json.code ?? 'INTERNAL_ERROR', json.message ?? '', json.field, res.status);
  return route.value.parse(json.value) as RouteValue<R>;
}
