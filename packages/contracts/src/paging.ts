import { z } from 'zod';

/** The bounds of a paged list: the largest page number, the largest page size and the default size. */
export interface PagingLimits {
  maxPage: number;
  maxPageSize: number;
  defaultPageSize: number;
}

/** The query fields of a paged list: `page` from 1 and `pageSize`, both bounded, with their defaults. */
export const pageQuery = ({ maxPage, maxPageSize, defaultPageSize }: PagingLimits) => ({
  page: z.coerce.number().int().min(1).max(maxPage).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
});

/** What a paged answer says of its page: which page, its size, and the rows that match over every page. */
export const PageInfo = {
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
};

/** A paged answer: one page of `item` with its page info, plus `extra` fields (totals, the range used…). */
export const pageOf = <T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(item: T, extra?: E) =>
  z.object({ items: z.array(item), ...PageInfo, ...(extra ?? ({} as E)) });
