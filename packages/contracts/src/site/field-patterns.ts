/**
 * The pattern catalogue of spec §5. A registration field rule names one of these by `patternId`;
 * its `acceptedPattern` is the regular expression the server enforces (`*` means anything). The web
 * shows the message `validation.pattern.<patternId>` with {{min}} and {{max}} substituted.
 */
export const FIELD_PATTERNS = {
  ANY: '*',
  LETTER_FIRST_ALNUM: '^[A-Za-z][A-Za-z0-9]*$',
  KANJI_DIGITS: '^[\\u4E00-\\u9FFF0-9]+$',
  EMAIL: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  ALNUM: '^[A-Za-z0-9]+$',
  ALNUM_MIXED: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$',
  DIGITS: '^[0-9]+$',
  ALNUM_UPPER: '^(?=.*[A-Z])[A-Za-z0-9]+$',
  LETTERS_SPACES: '^[A-Za-z ]+$',
  NO_SPACES: '^\\S+$',
  CHINESE: '^[\\u4E00-\\u9FFF\\u3000-\\u303F\\uFF00-\\uFFEF]+$',
  DATE_YMD: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  DATE_MDY: '^(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])-\\d{4}$',
  KOREAN: '^[\\uAC00-\\uD7A3 ]+$',
  THAI: '^[\\u0E00-\\u0E7F ]+$',
  STRONG_PASSWORD: '^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[^A-Za-z0-9]).+$',
  FULLNAME_SPACE: '^\\S+( \\S+)+$',
  JAPANESE_FULLWIDTH: '^[\\u3040-\\u30FF\\u4E00-\\u9FFF\\uFF01-\\uFF5E\\u3000]+$',
} as const;
export type PatternId = keyof typeof FIELD_PATTERNS;
