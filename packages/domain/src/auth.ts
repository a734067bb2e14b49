import { z } from 'zod';
import { abilitiesSchema } from './abilities';
import { localeSchema } from './locales';

/**
 * The profile `GET /auth/me` answers (spec §7): who is logged in, in which language, and what
 * they may do. Only the fields the route guard and the layout read are fixed here; the auth
 * issue extends it with the rest of the user's fields.
 */
export const currentUserSchema = z
  .object({
    id: z.number().int(),
    locale: localeSchema,
    abilities: abilitiesSchema,
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;
