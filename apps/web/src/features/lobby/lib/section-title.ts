/** The titles a game section takes by path (spec §2: hot games on /, the category on its own path). */
export const SECTION_TITLES = ['hot', 'live', 'slots', 'sports', 'lottery', 'poker', 'fish'] as const;
export type SectionTitle = (typeof SECTION_TITLES)[number];

const BY_SEGMENT: Record<string, SectionTitle> = {
  live: 'live',
  rng: 'slots',
  slots: 'slots',
  sports: 'sports',
  esports: 'sports',
  esport: 'sports',
  lott: 'lottery',
  elott: 'lottery',
  lottery: 'lottery',
  pvp: 'poker',
  fish: 'fish',
};

/** The section title for a path: its first segment's category; hot games on the home paths and anywhere else. */
export function sectionTitleFor(pathname: string): SectionTitle {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return BY_SEGMENT[first] ?? 'hot';
}
