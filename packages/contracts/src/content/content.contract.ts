import { z } from 'zod';
import { defineRoute } from '../http.ts';

export const AnnouncementTypeSchema = z.enum(['B', 'PL', 'PU', 'PR', 'H']);
export const ExecutionSchema = z.enum(['A', 'B', 'F']);

/** The banner slot the player site's home page shows (the back office's default slot). */
export const HOME_BANNER_GROUP = 'w_home';

export const BannerSchema = z.object({
  id: z.number().int(),
  groupName: z.string(),
  /** The headline, shown as text over or beside the art (and the art's alternative text). */
  title: z.string(),
  /** The kicker line above the title; '' for none. */
  subtitle: z.string(),
  /** The button's words; '' for no button (the whole banner still follows its link). */
  ctaLabel: z.string(),
  /** The wide art (10:3), words-free: the text is laid over it. */
  imageUrl: z.string(),
  /** The art cropped for phones (2:1), shown up to LIMITS.bannerNarrowMaxPx; null: the wide art everywhere. */
  mobileImageUrl: z.string().nullable(),
  url: z.string(),
  /** INTERNAL: a route of this site; EXTERNAL: another site; NONE: not clickable. */
  linkageType: z.enum(['INTERNAL', 'EXTERNAL', 'NONE']),
});
export type Banner = z.infer<typeof BannerSchema>;

export const NoticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type Notice = z.infer<typeof NoticeSchema>;

export const PopupSchema = NoticeSchema.extend({ execution: ExecutionSchema });
export type Popup = z.infer<typeof PopupSchema>;

export const getAnnouncements = defineRoute({
  operationId: 'getAnnouncements',
  method: 'GET',
  path: '/api/content/announcements',
  summary: 'Banners, notices, popups, promotion titles and help topics in the visitor language.',
  tags: ['content'],
  audience: 'guest',
  query: z.object({
    types: z
      .string()
      .default('B,PL,PU,PR,H')
      .transform((s) => s.split(',').filter(Boolean))
      .pipe(z.array(AnnouncementTypeSchema)),
    platform: z.enum(['W', 'M']).default('W'),
    execution: ExecutionSchema.default('B'),
    language: z.string().max(10).optional(),
  }),
  value: z.object({
    banners: z.array(BannerSchema),
    notices: z.array(NoticeSchema),
    popups: z.array(PopupSchema),
    promotions: z.array(NoticeSchema),
    help: z.array(NoticeSchema),
  }),
});

export const getAgentAnnouncements = defineRoute({
  operationId: 'getAgentAnnouncements',
  method: 'GET',
  path: '/api/agent/announcements',
  summary:
    "The agent centre's announcements: the notices every visitor sees and those written for agents only, in the visitor language.",
  tags: ['content', 'agent'],
  audience: 'agent',
  query: z.object({ language: z.string().max(10).optional() }),
  value: z.object({ notices: z.array(NoticeSchema.extend({ agentsOnly: z.boolean() })) }),
});
