/**
 * Passwords nobody should be able to set, whatever the operator's field rule allows: the site's
 * default password (which forces a change at the next sign-in), and trivial ones — one short unit
 * repeated (`aaaaaa`, `abab12ab12`… up to four characters a unit), or made of at most two runs that
 * are each a sequence or a repeated character (`123456`, `abcdef`, `qwerty`, `abcd1234`, `aaaa1111`).
 * Server and browser share this file; the browser checks all but the default, which it does not know.
 */
export type PasswordWeakness = 'default' | 'repeated' | 'sequential';

/** Runs of these count as sequences, read either way (the digits wrap: `7890`). */
const SEQUENCES = ['abcdefghijklmnopqrstuvwxyz', '01234567890123456789', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** The longest unit whose repetition makes a password trivial. */
const MAX_REPEATED_UNIT = 4;

const fold = (s: string) => s.normalize('NFKC').toLowerCase();

const classOf = (c: string) => (/\p{L}/u.test(c) ? 'letter' : /\p{N}/u.test(c) ? 'digit' : 'other');

/** Maximal runs of letters, of digits, of anything else. */
function runs(password: string): string[] {
  const out: string[] = [];
  for (const c of password) {
    const last = out[out.length - 1];
    if (last !== undefined && classOf([...last][0]!) === classOf(c)) out[out.length - 1] = last + c;
    else out.push(c);
  }
  return out;
}

const isOneChar = (run: string) => new Set(run).size === 1;
const isSequence = (run: string) =>
  [...run].length >= 2 && SEQUENCES.some((s) => s.includes(run) || [...s].reverse().join('').includes(run));

/** Why a password may not be set, or null. `defaultPassword` is the site's, when it has one. */
export function passwordWeakness(password: string, defaultPassword?: string | null): PasswordWeakness | null {
  const p = fold(password);
  if (p === '') return null; // "required" is the field rule's business
  if (defaultPassword && p === fold(defaultPassword)) return 'default';
  if (new RegExp(`^(.{1,${MAX_REPEATED_UNIT}})\\1+$`, 'su').test(p)) return 'repeated';
  const parts = runs(p);
  if (parts.length <= 2 && parts.every((r) => isOneChar(r) || isSequence(r)))
    return parts.every(isOneChar) ? 'repeated' : 'sequential';
  return null;
}
