import { sql } from 'kysely';
import type { Db, Executor } from '../../db/client.ts';

type AnnouncementType = 'PL' | 'PU' | 'PR' | 'H';

/** Published, and within its schedule at `now` (an open end is no limit). */
const shownAt = (now: Date) =>
  sql<boolean>`active AND (publish_from IS NULL OR publish_from <= ${now}) AND (publish_until IS NULL OR publish_until > ${now})`;

export interface AnnouncementValues {
  type: AnnouncementType;
  language: string;
  title: string;
  content: string;
  execution: 'A' | 'B' | 'F';
  audience: 'ALL' | 'AGENTS';
  sort: number;
  active: boolean;
  publishFrom: Date | null;
  publishUntil: Date | null;
}

export interface BannerValues {
  language: string;
  title: string;
  subtitle: string;
  ctaLabel: string;
  imageUrl: string;
  mobileImageUrl: string | null;
  url: string;
  linkageType: 'INTERNAL' | 'EXTERNAL' | 'NONE';
  groupName: string;
  sort: number;
  active: boolean;
  publishFrom: Date | null;
  publishUntil: Date | null;
}

/** The content tables: what visitors are shown now, and the back office's reads and writes. */
export function contentRepository(db: Db) {
  const announcementColumns = [
    'id',
    'type',
    'language',
    'title',
    'content',
    'execution',
    'audience',
    'sort',
    'active',
    'publishFrom',
    'publishUntil',
    'createdAt',
    'updatedAt',
  ] as const;
  const bannerColumns = [
    'id',
    'language',
    'title',
    'subtitle',
    'ctaLabel',
    'imageUrl',
    'mobileImageUrl',
    'url',
    'linkageType',
    'groupName',
    'sort',
    'active',
    'publishFrom',
    'publishUntil',
    'createdAt',
    'updatedAt',
  ] as const;

  return {
    async languagesWithContent(): Promise<Set<string>> {
      const rows = await db.selectFrom('announcement').select('language').distinct().execute();
      return new Set(rows.map((r) => r.language));
    },

    /** The site's languages that are switched on (what content may be written in). */
    async enabledLanguages(): Promise<string[]> {
      const rows = await db.selectFrom('language').select('code').where('enabled', '=', true).orderBy('sort').execute();
      return rows.map((r) => r.code);
    },

    shownBanners(language: string, now: Date) {
      return db
        .selectFrom('banner')
        .select([
          'id',
          'groupName',
          'title',
          'subtitle',
          'ctaLabel',
          'imageUrl',
          'mobileImageUrl',
          'url',
          'linkageType',
        ])
        .where(shownAt(now))
        .where('language', '=', language)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    /** Announcements shown at `now` to `audiences` (visitors: ALL; agents: ALL and AGENTS). */
    shownAnnouncements(q: { language: string; types: AnnouncementType[]; audiences: ('ALL' | 'AGENTS')[]; now: Date }) {
      return db
        .selectFrom('announcement')
        .select(['id', 'type', 'title', 'content', 'execution', 'audience', 'createdAt', 'publishFrom'])
        .where(shownAt(q.now))
        .where('language', '=', q.language)
        .where('type', 'in', q.types)
        .where('audience', 'in', q.audiences)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    listAnnouncements(type: AnnouncementType, language: string | undefined) {
      let query = db.selectFrom('announcement').select(announcementColumns).where('type', '=', type);
      if (language) query = query.where('language', '=', language);
      return query.orderBy('language').orderBy('sort').orderBy('id', 'desc').execute();
    },

    listBanners(language: string | undefined) {
      let query = db.selectFrom('banner').select(bannerColumns);
      if (language) query = query.where('language', '=', language);
      return query.orderBy('language').orderBy('groupName').orderBy('sort').orderBy('id', 'desc').execute();
    },

    lockedAnnouncement(trx: Executor, id: number) {
      return trx
        .selectFrom('announcement')
        .select(announcementColumns)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    lockedBanner(trx: Executor, id: number) {
      return trx.selectFrom('banner').select(bannerColumns).where('id', '=', id).forUpdate().executeTakeFirst();
    },

    insertAnnouncement(trx: Executor, v: AnnouncementValues) {
      return trx.insertInto('announcement').values(v).returning(announcementColumns).executeTakeFirstOrThrow();
    },

    updateAnnouncement(trx: Executor, id: number, v: AnnouncementValues) {
      return trx
        .updateTable('announcement')
        .set({ ...v, updatedAt: sql<Date>`now()` })
        .where('id', '=', id)
        .returning(announcementColumns)
        .executeTakeFirstOrThrow();
    },

    insertBanner(trx: Executor, v: BannerValues) {
      return trx.insertInto('banner').values(v).returning(bannerColumns).executeTakeFirstOrThrow();
    },

    updateBanner(trx: Executor, id: number, v: BannerValues) {
      return trx
        .updateTable('banner')
        .set({ ...v, updatedAt: sql<Date>`now()` })
        .where('id', '=', id)
        .returning(bannerColumns)
        .executeTakeFirstOrThrow();
    },

    async deleteAnnouncement(trx: Executor, id: number): Promise<void> {
      await trx.deleteFrom('announcement').where('id', '=', id).execute();
    },

    async deleteBanner(trx: Executor, id: number): Promise<void> {
      await trx.deleteFrom('banner').where('id', '=', id).execute();
    },
  };
}
export type ContentRepository = ReturnType<typeof contentRepository>;
export type AnnouncementRow = Awaited<ReturnType<ContentRepository['listAnnouncements']>>[number];
export type BannerRow = Awaited<ReturnType<ContentRepository['listBanners']>>[number];
