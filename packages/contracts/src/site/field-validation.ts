import type { PasswordWeakness } from '../auth/password-strength.ts';
import type { FieldRule } from './site.contract.ts';

/**
 * One field against its server rule (spec §5). The server and the registration form both call this,
 * so a value the form accepts is a value the server accepts. The web shows `validation.<key>`
 * (for pattern: `validation.pattern.<patternId>`) with {{min}} and {{max}}.
 */
export type FieldIssue =
  | { key: 'required' }
  | { key: 'length'; min: number | null; max: number | null }
  | { key: 'pattern'; patternId: string; min: number | null; max: number | null }
  | { key: 'mismatch' }
  /** The birthday makes the player younger than the site's minimum age. */
  | { key: 'age'; age: number }
  /** A password nobody may set (auth/password-strength.ts). */
  | { key: 'weak'; reason: PasswordWeakness };

export function checkField(rule: FieldRule, raw: string | undefined | null): FieldIssue | null {
  if (!rule.enabled) return null;
  const value = (raw ?? '').trim();
  if (value === '') return rule.required ? { key: 'required' } : null;
  const length = [...value].length;
  if ((rule.minLength !== null && length < rule.minLength) || (rule.maxLength !== null && length > rule.maxLength)) {
    return { key: 'length', min: rule.minLength, max: rule.maxLength };
  }
  if (rule.acceptedPattern !== '*' && !new RegExp(rule.acceptedPattern, 'u').test(value)) {
    return { key: 'pattern', patternId: rule.patternId, min: rule.minLength, max: rule.maxLength };
  }
  return null;
}

/** `yyyy-MM-dd` or `MM-dd-yyyy` (the two date patterns of spec §5) → [year, month, day], or null. */
function parseBirthday(value: string): [number, number, number] | null {
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const mdy = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  const parts = ymd
    ? [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])]
    : mdy
      ? [Number(mdy[3]), Number(mdy[1]), Number(mdy[2])]
      : null;
  if (!parts) return null;
  const [y, m, d] = parts as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  // 2001-02-30 is no date: the calendar would roll it over.
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return [y, m, d];
}

/**
 * The minimum-age rule of spec §5 (configurable, 18 by default) against a birthday the field rule
 * already accepted. An empty or unreadable birthday is the field rule's business, not this one's.
 * `today` is the calendar day [year, month, day] where the player is; a birthday on this day counts.
 */
export function checkMinimumAge(
  birthday: string | undefined | null,
  minimumAge: number,
  today: [number, number, number],
): FieldIssue | null {
  const born = parseBirthday((birthday ?? '').trim());
  if (!born || minimumAge <= 0) return null;
  const [ty, tm, td] = today;
  const [by, bm, bd] = born;
  const age = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
  return age >= minimumAge ? null : { key: 'age', age: minimumAge };
}

/** A Date's calendar day where the reader is (the browser's own zone), as checkMinimumAge wants it. */
export const localDay = (now: Date = new Date()): [number, number, number] => [
  now.getFullYear(),
  now.getMonth() + 1,
  now.getDate(),
];

/**
 * The newest calendar day anywhere on Earth (UTC+14), for the server: a birthday the player's browser
 * accepted in any time zone is accepted, and nobody a whole day short of the age is.
 */
export const newestDay = (now: Date = new Date()): [number, number, number] => {
  const ahead = new Date(now.getTime() + 14 * 3_600_000);
  return [ahead.getUTCFullYear(), ahead.getUTCMonth() + 1, ahead.getUTCDate()];
};
