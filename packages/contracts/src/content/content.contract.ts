import { z } from 'zod';
import { defineRoute } from '../http.ts';

export const AnnouncementTypeSchema = z.enum(['B', 'PL', 'PU', 'PR', 'H']);
export const ExecutionSchema = z.enum(['A', 'B', 'F']);

export const BannerSchema = z.object({
  id: z.number().int(),
  groupName: z.string(),
  title: z.string(),
  imageUrl: z.string(),
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
