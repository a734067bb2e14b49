import { z } from 'zod';
import { decimalInteger } from './decimal-integer';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './envelope';

// Classic zod, apart from envelope.ts: only the API reads list queries, and their callers extend
// them with classic methods; the public pages need none of it (decision 080).

/** Query of every paginated list: `page`, `perPage`, `sort=field` or `sort=-field`. */
export const listQuerySchema = <S extends readonly [string, ...string[]]>(sortFields: S) =>
  z.object({
    page: decimalInteger(z.number().int().positive().default(1)),
    perPage: decimalInteger(z.number().int().positive().max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE)),
    sort: z
      .enum([...sortFields, ...sortFields.map((field) => `-${field}`)] as [string, ...string[]])
      .optional(),
  });
