/** A time as the staff member's locale shows it, to the second. */
export const formatTime = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' }) : '—';

/** A record's text in the staff member's language, else Korean, English or any (texts per language). */
export const textIn = <T>(texts: Record<string, T>, lang: string): T | undefined =>
  texts[lang] ?? texts.ko ?? texts.en ?? Object.values(texts)[0];
