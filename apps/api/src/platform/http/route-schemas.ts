import { decimalInteger, errorBodySchema, recordOf } from '@lisbon/domain';
import { z } from 'zod';

/** The OpenAPI security requirement of a route that needs a session. */
export const bearerSecurity = [{ bearerAuth: [] }];

/** `{ 404: errorBodySchema, … }` for the failure statuses a route documents. */
export const errorsOf = <S extends number>(...statuses: S[]) => recordOf(statuses, () => errorBodySchema);

/** `:id` path parameters: a positive integer. */
export const idParamsSchema = z.object({ id: decimalInteger(z.number().int().positive()) });
