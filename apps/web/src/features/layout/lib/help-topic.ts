/** Topics of the footer help-content section (spec §2 home page). */
export const HELP_TOPICS = ['hot', 'rng', 'fish', 'sport', 'esport', 'live', 'pvp', 'lott', 'elott'] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

const BY_SEGMENT: Record<string, HelpTopic> = {
  rng: 'rng',
  slots: 'rng',
  fish: 'fish',
  sports: 'sport',
  esports: 'esport',
  esport: 'esport',
  live: 'live',
  pvp: 'pvp',
  lott: 'lott',
  elott: 'elott',
};

/** The instruction topic for a path: its first segment's category, `hot` everywhere else. */
export function helpTopicFor(pathname: string): HelpTopic {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return BY_SEGMENT[first] ?? 'hot';
}
