import { z } from 'zod';

/** `{ data }`: the shape of every successful answer (DESIGN.md "Contract"). */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });

export const listMetaSchema = z.object({
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
  total: z.number().int().min(0),
  sort: z.string().optional(),
  /** The list holds more than `total` requests: past a bound, they are not counted further. */
  is_total_capped: z.boolean().optional(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

/** `{ data: [...], meta }`: the shape of every list answer. */
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: listMetaSchema });

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

/** Query of every paginated list: `page`, `perPage`, `sort=field` or `sort=-field`. */
export const listQuerySchema = <S extends readonly [string, ...string[]]>(sortFields: S) =>
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
    sort: z
      .enum([...sortFields, ...sortFields.map((field) => `-${field}`)] as [string, ...string[]])
      .optional(),
  });
