import type {
  ContentItem,
  ContentKind,
  ContentState,
  SaveContentBody,
} from '@portal/contracts/backoffice/content.contract.ts';
import type { getAgentAnnouncements, getAnnouncements } from '@portal/contracts/content/content.contract.ts';
import type { RouteValue } from '@portal/contracts/http.ts';
import type { z } from 'zod';
import type { Executor, InTransaction } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import { writeAudit, type Actor } from '../backoffice/audit.ts';
import type { AnnouncementRow, BannerRow, ContentRepository } from './content.repository.ts';
import { hasVisibleContent, sanitizeContentHtml } from './sanitize-html.ts';

type Announcements = RouteValue<typeof getAnnouncements>;
type AgentAnnouncements = RouteValue<typeof getAgentAnnouncements>;
type Save = z.output<typeof SaveContentBody>;

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

/** Where an item is at `now`: a draft, published but not yet shown, shown, or past its end. */
export function contentState(
  item: { active: boolean; publishFrom: Date | null; publishUntil: Date | null },
  now: Date,
): ContentState {
  if (!item.active) return 'DRAFT';
  if (item.publishFrom && item.publishFrom > now) return 'SCHEDULED';
  if (item.publishUntil && item.publishUntil <= now) return 'ENDED';
  return 'LIVE';
}

export interface ContentDeps {
  /** The console's writes and their audit rows commit together. */
  transaction: InTransaction;
  repo: ContentRepository;
  /** The composition root's clock: what is shown, and each item's state, are decided at its time. */
  now: () => Date;
}

/** What every item shows of its order, schedule and timestamps, whatever its kind. */
const shownAs = (r: AnnouncementRow | BannerRow, at: Date) => ({
  sort: r.sort,
  active: r.active,
  publishFrom: isoOrNull(r.publishFrom),
  publishUntil: isoOrNull(r.publishUntil),
  state: contentState(r, at),
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export function contentService({ transaction, repo, now }: ContentDeps) {
  const fromAnnouncement = (r: AnnouncementRow, at: Date): ContentItem => ({
    id: String(r.id),
    kind: r.type,
    language: r.language,
    title: r.title,
    content: r.content,
    audience: r.audience,
    execution: r.execution,
    imageUrl: '',
    mobileImageUrl: null,
    subtitle: '',
    ctaLabel: '',
    url: '',
    linkageType: 'NONE',
    groupName: '',
    ...shownAs(r, at),
  });
  const fromBanner = (r: BannerRow, at: Date): ContentItem => ({
    id: String(r.id),
    kind: 'BANNER',
    language: r.language,
    title: r.title,
    content: '',
    audience: 'ALL',
    execution: 'B',
    imageUrl: r.imageUrl,
    mobileImageUrl: r.mobileImageUrl,
    subtitle: r.subtitle,
    ctaLabel: r.ctaLabel,
    url: r.url,
    linkageType: r.linkageType,
    groupName: r.groupName,
    ...shownAs(r, at),
  });

  /** The asked language when any content is written in it, else the site's default language. */
  async function feedLanguage(asked: string | undefined, defaultLanguage: string): Promise<string> {
    const available = await repo.languagesWithContent();
    return asked && available.has(asked) ? asked : defaultLanguage;
  }

  async function checked(body: Save): Promise<{ publishFrom: Date | null; publishUntil: Date | null }> {
    if (!(await repo.enabledLanguages()).includes(body.language))
      throw new AppError('CONTENT_LANGUAGE_UNKNOWN', 400, 'The site has no such language.', 'body.language');
    const publishFrom = body.publishFrom ? new Date(body.publishFrom) : null;
    const publishUntil = body.publishUntil ? new Date(body.publishUntil) : null;
    if (publishFrom && publishUntil && publishUntil <= publishFrom)
      throw new AppError('CONTENT_SCHEDULE_INVALID', 400, 'Shown until must be after shown from.', 'body.publishUntil');
    return { publishFrom, publishUntil };
  }

  const notFound = () => new AppError('NOT_FOUND', 404, 'No such content item.', 'body.id');

  /**
   * Creates (no id) or changes one item of `table`: the row is locked first and must exist (and
   * `belong`, e.g. be of the kind asked for); the audit row, with before and after, commits with it.
   */
  const saveAudited = <R extends { id: number | string }>(
    actor: Actor,
    id: number | undefined,
    table: 'banner' | 'announcement',
    steps: {
      lock: (trx: Executor, id: number) => Promise<R | undefined>;
      belongs?: (row: R) => boolean;
      insert: (trx: Executor) => Promise<R>;
      update: (trx: Executor, id: number) => Promise<R>;
      show: (row: R, at: Date) => ContentItem;
    },
  ) =>
    transaction(async (trx) => {
      const before = id === undefined ? undefined : await steps.lock(trx, id);
      if (id !== undefined && (!before || (steps.belongs && !steps.belongs(before)))) throw notFound();
      const row = id === undefined ? await steps.insert(trx) : await steps.update(trx, id);
      const after = steps.show(row, now());
      await writeAudit(trx, actor, {
        action: before ? 'content.update' : 'content.create',
        target: `${table}:${row.id}`,
        before: before ? steps.show(before, now()) : undefined,
        after,
      });
      return after;
    });

  return {
    /** What visitors are shown now: published, within the schedule, for every visitor, in their language. */
    async announcements(
      q: { types: string[]; execution: 'A' | 'B' | 'F'; language?: string | undefined },
      defaultLanguage: string,
    ): Promise<Announcements> {
      const at = now();
      const language = await feedLanguage(q.language, defaultLanguage);
      const types = new Set(q.types);
      const [banners, rows] = await Promise.all([
        types.has('B') ? repo.shownBanners(language, at) : Promise.resolve([]),
        repo.shownAnnouncements({ language, types: ['PL', 'PU', 'PR', 'H'], audiences: ['ALL'], now: at }),
      ]);
      const item = (r: (typeof rows)[number]) => ({
        id: r.id,
        title: r.title,
        content: r.content,
        createdAt: iso(r.publishFrom ?? r.createdAt),
      });
      return {
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

    /** The agent centre's notices: those for every visitor and those for agents only, shown now. */
    async agentAnnouncements(asked: string | undefined, defaultLanguage: string): Promise<AgentAnnouncements> {
      const language = await feedLanguage(asked, defaultLanguage);
      const rows = await repo.shownAnnouncements({ language, types: ['PL'], audiences: ['ALL', 'AGENTS'], now: now() });
      return {
        notices: rows.map((r) => ({
          id: r.id,
          title: r.title,
          content: r.content,
          createdAt: iso(r.publishFrom ?? r.createdAt),
          agentsOnly: r.audience === 'AGENTS',
        })),
      };
    },

    /** The back office's content screen. */
    console: {
      async list(
        kind: ContentKind,
        language: string | undefined,
      ): Promise<{ items: ContentItem[]; languages: string[] }> {
        const at = now();
        const [items, languages] = await Promise.all([
          kind === 'BANNER'
            ? repo.listBanners(language).then((rows) => rows.map((r) => fromBanner(r, at)))
            : repo.listAnnouncements(kind, language).then((rows) => rows.map((r) => fromAnnouncement(r, at))),
          repo.enabledLanguages(),
        ]);
        return { items, languages };
      },

      /** The HTML exactly as `save` would keep it. */
      preview(content: string): { content: string } {
        return { content: sanitizeContentHtml(content) };
      },

      /** Creates or changes an item; its audit row commits with it. */
      async save(actor: Actor, body: Save): Promise<ContentItem> {
        const schedule = await checked(body);
        const common = {
          language: body.language,
          title: body.title,
          sort: body.sort,
          active: body.active,
          ...schedule,
        };
        const id = body.id === undefined ? undefined : Number(body.id);
        if (body.kind === 'BANNER') {
          const values = {
            ...common,
            imageUrl: body.imageUrl,
            mobileImageUrl: body.mobileImageUrl || null,
            subtitle: body.subtitle,
            ctaLabel: body.ctaLabel,
            url: body.url,
            linkageType: body.linkageType,
            groupName: body.groupName,
          };
          return saveAudited(actor, id, 'banner', {
            lock: repo.lockedBanner,
            insert: (trx) => repo.insertBanner(trx, values),
            update: (trx, at) => repo.updateBanner(trx, at, values),
            show: fromBanner,
          });
        }
        const content = sanitizeContentHtml(body.content);
        if (!hasVisibleContent(content))
          throw new AppError(
            'CONTENT_EMPTY',
            400,
            'Nothing is left of the text once unsafe markup is removed.',
            'body.content',
          );
        const values = { ...common, type: body.kind, content, audience: body.audience, execution: body.execution };
        return saveAudited(actor, id, 'announcement', {
          lock: repo.lockedAnnouncement,
          belongs: (row) => row.type === body.kind,
          insert: (trx) => repo.insertAnnouncement(trx, values),
          update: (trx, at) => repo.updateAnnouncement(trx, at, values),
          show: fromAnnouncement,
        });
      },

      async remove(actor: Actor, kind: ContentKind, idText: string): Promise<{ deleted: boolean }> {
        const id = Number(idText);
        return transaction(async (trx) => {
          if (kind === 'BANNER') {
            const before = await repo.lockedBanner(trx, id);
            if (!before) throw notFound();
            await repo.deleteBanner(trx, id);
            await writeAudit(trx, actor, {
              action: 'content.delete',
              target: `banner:${id}`,
              before: fromBanner(before, now()),
            });
          } else {
            const before = await repo.lockedAnnouncement(trx, id);
            if (before?.type !== kind) throw notFound();
            await repo.deleteAnnouncement(trx, id);
            await writeAudit(trx, actor, {
              action: 'content.delete',
              target: `announcement:${id}`,
              before: fromAnnouncement(before, now()),
            });
          }
          return { deleted: true };
        });
      },
    },
  };
}
export type ContentService = ReturnType<typeof contentService>;
