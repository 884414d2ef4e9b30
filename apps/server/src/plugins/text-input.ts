import type { FastifySchemaCompiler } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * The dotted path of the first string holding a NUL character (U+0000) in a parsed input, '' for the
 * input itself, or null when there is none. PostgreSQL cannot store NUL in text, and no form or
 * protocol field needs it, so it is refused as bad input before anything reads it.
 */
export function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return here;
    const found = nulPath(inner, here);
    if (found !== null) return found;
  }
  return null;
}

/** The refusal of a NUL character: 400 INVALID_CHARACTERS naming the field (`body.username`). */
export function invalidCharacters(where: string, path: string): AppError {
  const field = path ? `${where}.${path}` : where;
  // `validation` lets scopes with their own error handler (the house vendor's) see a validation error.
  return Object.assign(
    new AppError('INVALID_CHARACTERS', 400, `${field}: contains a character that is not allowed`, field),
    { validation: [{ instancePath: `/${path.replace(/\./g, '/')}`, message: 'NUL character' }] },
  );
}

/**
 * Every route with a schema validates through this: a NUL anywhere in the body, query string, path
 * parameters or headers is refused before the route's own schema runs (after its audience check, which
 * Fastify runs before validation). Inputs read later (encrypted bodies, signed vendor calls) apply
 * `nulPath` themselves where they parse.
 */
export function refusingNul<S>(compiler: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = compiler(route);
    const where = route.httpPart ?? 'body';
    return (data) => {
      const path = nulPath(data);
      if (path !== null) return { error: invalidCharacters(where, path) };
      return validate(data);
    };
  };
}
