import type { getAnnouncements } from '@portal/contracts/content/content.contract.ts';
import type { RouteValue } from '@portal/contracts/http.ts';
import type { Db } from '../../db/client.ts';

type Announcements = RouteValue<typeof getAnnouncements>;

export function contentService(db: Db) {
  async function languagesWithContent(): Promise<Set<string>> {
    const rows = await db.selectFrom('announcement').select('language').distinct().execute();
    return new Set(rows.map((r) => r.language));
  }

  return {
    /** Content in the asked language, or in the site's default language when there is none in it. */
    async announcements(
      q: { types: string[]; execution: 'A' | 'B' | 'F'; language?: string | undefined },
      defaultLanguage: string,
    ): Promise<Announcements> {
      const available = await languagesWithContent();
      const language = q.language && available.has(q.language) ? q.language : defaultLanguage;
      const types = new Set(q.types);
      const empty: Announcements = { banners: [], notices: [], popups: [], promotions: [], help: [] };

      const [banners, rows] = await Promise.all([
        types.has('B')
          ? db
              .selectFrom('banner')
              .select(['id', 'groupName', 'title', 'imageUrl', 'url', 'linkageType'])
              .where('active', '=', true)
              .where('language', '=', language)
              .orderBy('sort')
              .execute()
          : Promise.resolve([]),
        db
          .selectFrom('announcement')
          .select(['id', 'type', 'title', 'content', 'execution', 'createdAt'])
          .where('active', '=', true)
          .where('language', '=', language)
          .where('type', 'in', ['PL', 'PU', 'PR', 'H'] as const)
          .orderBy('sort')
          .orderBy('id')
          .execute(),
      ]);
      const item = (r: (typeof rows)[number]) => ({
        id: r.id,
        title: r.title,
        content: r.content,
        createdAt: new Date(r.createdAt).toISOString(),
      });
      return {
        ...empty,
        banners,
        notices: types.has('PL') ? rows.filter((r) => r.type === 'PL').map(item) : [],
        popups: types.has('PU')
          ? rows
              .filter((r) => r.type === 'PU' && r.execution === q.execution)
              .map((r) => ({ ...item(r), execution: r.execution }))
          : [],
        promotions: types.has('PR') ? rows.filter((r) => r.type === 'PR').map(item) : [],
        help: types.has('H') ? rows.filter((r) => r.type === 'H').map(item) : [],
      };
    },
  };
}
export type ContentService = ReturnType<typeof contentService>;
