import en from './en/messages.ts';
import ko from './ko/messages.ts';
import zh from './zh/messages.ts';

/** All three languages at once, for the tests that compare them; the app loads one (resources.ts). */
export const RESOURCES = { ko, en, zh } as const;
