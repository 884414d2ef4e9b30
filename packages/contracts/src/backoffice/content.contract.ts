import { z } from 'zod';
import { ExecutionSchema, HOME_BANNER_GROUP } from '../content/content.contract.ts';
import { defineRoute } from '../http.ts';
import { staff } from './staff.contract.ts';

/**
 * What the content screen edits. Banners are their own table; the rest are announcements of a type:
 * PL notices (the marquee, the announcement board and the agent centre), PU popups, PR promotions,
 * H help topics. The player site reads them through `getAnnouncements` (content.contract.ts).
 */
export const CONTENT_KINDS = ['PL', 'PU', 'PR', 'H', 'BANNER'] as const;
export const ContentKindSchema = z.enum(CONTENT_KINDS);
export type ContentKind = z.infer<typeof ContentKindSchema>;

/** ALL: every visitor of the player site; AGENTS: signed-in agents only, in the agent centre. */
export const ContentAudienceSchema = z.enum(['ALL', 'AGENTS']);
export type ContentAudience = z.infer<typeof ContentAudienceSchema>;

/** Where an item is in its life: not published, published but not yet shown, shown, past its end. */
export const ContentStateSchema = z.enum(['DRAFT', 'SCHEDULED', 'LIVE', 'ENDED']);
export type ContentState = z.infer<typeof ContentStateSchema>;

const Id = z.string().regex(/^[1-9][0-9]{0,9}$/, 'an id');
const Language = z
  .string()
  .trim()
  .regex(/^[a-z]{2}(-[a-zA-Z]{2,4})?$/, 'a language code such as ko or en');
const When = z.iso.datetime({ offset: true }).nullable();
/** Rich text from the editor, as HTML; the server keeps only what its sanitizer allows. */
const Html = z.string().max(50_000);
const Url = z
  .string()
  .trim()
  .max(500)
  .regex(/^(https?:\/\/|\/)[^\s"'<>]*$/, 'a web address (https://…) or a path of this site (/…)');

export const ContentItemSchema = z.object({
  id: z.string(),
  kind: ContentKindSchema,
  language: z.string(),
  title: z.string(),
  /** Sanitized HTML (announcements); empty for banners. */
  content: z.string(),
  audience: ContentAudienceSchema,
  execution: ExecutionSchema,
  /** Banners: the picture, where a click goes and the group (slot) they rotate in. */
  imageUrl: z.string(),
  /** Banners: the phone crop of the picture (2:1, decision 025); null: the wide picture everywhere. */
  mobileImageUrl: z.string().nullable(),
  /** Banners: the kicker line above the title and the button's words; '' for none. */
  subtitle: z.string(),
  ctaLabel: z.string(),
  url: z.string(),
  linkageType: z.enum(['INTERNAL', 'EXTERNAL', 'NONE']),
  groupName: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
  publishFrom: z.string().nullable(),
  publishUntil: z.string().nullable(),
  state: ContentStateSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContentItem = z.infer<typeof ContentItemSchema>;

const Common = {
  /** Absent: a new item; present: the item to change. */
  id: Id.optional(),
  language: Language,
  title: z.string().trim().min(1, 'a title').max(200),
  sort: z.number().int().min(-10_000).max(10_000).default(0),
  /** Published: shown on the player site within its schedule. Not published: a draft. */
  active: z.boolean(),
  publishFrom: When.default(null),
  publishUntil: When.default(null),
};

export const SaveContentBody = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(['PL', 'PU', 'PR', 'H']),
    ...Common,
    content: Html,
    audience: ContentAudienceSchema.default('ALL'),
    execution: ExecutionSchema.default('B'),
  }),
  z.object({
    kind: z.literal('BANNER'),
    ...Common,
    imageUrl: Url,
    /** '' for none: the wide picture serves phones too. */
    mobileImageUrl: z.union([Url, z.literal('')]).default(''),
    subtitle: z.string().trim().max(80).default(''),
    ctaLabel: z.string().trim().max(40).default(''),
    url: z.union([Url, z.literal('')]).default(''),
    linkageType: z.enum(['INTERNAL', 'EXTERNAL', 'NONE']),
    groupName: z.string().trim().min(1).max(40).default(HOME_BANNER_GROUP),
  }),
]);
export type SaveContent = z.input<typeof SaveContentBody>;

export const listContent = defineRoute({
  operationId: 'listContent',
  method: 'GET',
  path: '/api/bo/content',
  summary: 'Back office: banners, notices, popups, promotions and help topics of one kind, with their schedule state.',
  tags: ['backoffice'],
  audience: staff('content.read'),
  query: z.object({ kind: ContentKindSchema, language: Language.optional() }),
  value: z.object({ items: z.array(ContentItemSchema), languages: z.array(z.string()) }),
});

export const saveContent = defineRoute({
  operationId: 'saveContent',
  method: 'POST',
  path: '/api/bo/content',
  summary:
    'Back office: creates (no id) or changes a content item; the server sanitizes its HTML and records the change in the audit trail.',
  tags: ['backoffice'],
  audience: staff('content.write'),
  body: SaveContentBody,
  value: ContentItemSchema,
});

export const deleteContent = defineRoute({
  operationId: 'deleteContent',
  method: 'POST',
  path: '/api/bo/content/delete',
  summary: 'Back office: removes a content item (its last state stays in the audit trail).',
  tags: ['backoffice'],
  audience: staff('content.write'),
  body: z.object({ kind: ContentKindSchema, id: Id }),
  value: z.object({ deleted: z.boolean() }),
});

export const previewContent = defineRoute({
  operationId: 'previewContent',
  method: 'POST',
  path: '/api/bo/content/preview',
  summary: 'Back office: the HTML exactly as the server would keep it (sanitized), to preview before saving.',
  tags: ['backoffice'],
  audience: staff('content.read'),
  body: z.object({ content: Html }),
  value: z.object({ content: z.string() }),
});
