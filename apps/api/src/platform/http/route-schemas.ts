import { errorBodySchema } from '@lisbon/domain';
import { z } from 'zod';

/** The OpenAPI security requirement of a route that needs a session. */
export const bearerSecurity = [{ bearerAuth: [] }];

/** `{ 404: errorBodySchema, … }` for the failure statuses a route documents. */
export const errorsOf = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    S,
    typeof errorBodySchema
  >;

/** `:id` path parameters: a positive integer. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });
