import { z } from 'zod/mini';
import { isOneOf } from './collections';
import { WORKSPACE_NOTICE_KEYS } from './workspace-notice-keys';

/** `{ data }`: the shape of every successful answer (DESIGN.md "Contract"). */
export const dataEnvelope = <T extends z.core.$ZodType>(data: T) => z.object({ data });

const count = z.number().check(z.int(), z.gte(0));

export const listMetaSchema = z.object({
  page: z.number().check(z.int(), z.gte(1)),
  perPage: z.number().check(z.int(), z.gte(1)),
  total: count,
  sort: z.optional(z.string()),
  /** The list holds more than `total` requests: past a bound, they are not counted further. */
  is_total_capped: z.optional(z.boolean()),
  /**
   * Of an exact `total` of requests, the first requests and those with an appeal or an amendment
   * (a staff queue). None for other lists, a capped total, or an instance from before it.
   */
  kinds: z.optional(z.object({ first_requests: count, appeals: count, amendments: count })),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

/**
 * `meta` of a workspace change's answer: the success message of spec §4, as key and words. Here
 * with the envelope, not with the staff workspace's schemas: the SPA's client reads it on every
 * answer, and the first visit needs none of those (decision 063).
 */
export const noticeMetaSchema = z.object({ notice: z.enum(WORKSPACE_NOTICE_KEYS), message: z.string() });
export type NoticeMeta = z.infer<typeof noticeMetaSchema>;

export const noticeEnvelope = <T extends z.core.$ZodType>(data: T) =>
  z.object({ data, meta: noticeMetaSchema });

/** `{ data: [...], meta }`: the shape of every list answer. */
export const listEnvelope = <T extends z.core.$ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: listMetaSchema });

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

/** A list's `sort` (`field` or `-field`, one listQuerySchema accepted) as its field and direction. */
/** Whether a `sort` parameter names one of the fields, ascending or descending (`-field`). */
export const isSortOf = (sortFields: readonly string[], sort: string | null): sort is string =>
  sort !== null && isOneOf(sortFields, sort.replace(/^-/, ''));

export function sortOf<F extends string>(
  sortFields: readonly F[],
  sort: string,
): { field: F; isDescending: boolean } {
  const field = sort.replace(/^-/, '');
  if (!isOneOf(sortFields, field)) throw new Error(`Unexpected sort field ${field}`);
  return { field, isDescending: sort.startsWith('-') };
}
