import type { SportsWord } from '@portal/contracts/sports/market-labels.ts';
import { useQuery } from '@tanstack/react-query';

/** The player site's page texts per language, loaded with the sportsbook screen only. */
const PAGES: Record<string, () => Promise<{ sports: unknown }>> = {
  en: () => import('../../web/src/locales/en/pages.json'),
  ko: () => import('../../web/src/locales/ko/pages.json'),
  zh: () => import('../../web/src/locales/zh/pages.json'),
};

/**
 * The sportsbook's market and selection words in the staff member's language: the player site's own
 * texts (so the screen names a market exactly as the player's slip does), `{{line}}` values filled in.
 * Empty until they have loaded.
 */
export function useSportsWords(lang: string): SportsWord {
  const words = useQuery({
    queryKey: ['sports-words', lang],
    queryFn: async () => (await (PAGES[lang] ?? PAGES.en!)()).sports,
    staleTime: Infinity,
  });
  return (key, vars) => {
    let node: unknown = words.data;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    const text = typeof node === 'string' ? node : '';
    return text.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars?.[v] ?? ''));
  };
}
