import { z } from 'zod/mini';
import { abilitiesSchema, ROLES, USER_CATEGORIES } from './abilities';
import { isAdult, isoDateSchema } from './dates';
import { localeSchema } from './locales';

export const GENDERS = ['male', 'female', 'other'] as const;
export const genderSchema = z.enum(GENDERS);

/** An email address as typed: trimmed and lower-cased before it is checked. */
export const emailSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase()),
  z.email().check(z.maxLength(254)),
);

/**
 * A person's name as names are written: letters of any script (with their accents), spaces,
 * apostrophes, hyphens and dots — no digits, URLs or markup, since the portal mails names to
 * addresses anyone can type.
 */
const NAME_CHARACTERS = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u;
export const personNameSchema = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(100),
  // An empty name is the `required` message's alone.
  z.refine((value) => value === '' || NAME_CHARACTERS.test(value), { message: 'nameCharacters' }),
);

/**
 * A birth date as a body of the API holds it: a real day from 1900 on. Whether its holder is an
 * adult needs a clock: `birthDateSchemaAt`, which the API's routes and the forms check with.
 */
export const birthDateSchema = isoDateSchema;

/**
 * A birth date of someone 18 or older on the body's day at `now()` (`isAdult`): the API's clock (a
 * `ManualClock` in its tests, the journeys' moved clock), the browser's date in a form.
 */
export const birthDateSchemaAt = (now: () => Date) =>
  isoDateSchema.check(z.refine((value) => isAdult(value, now()), { message: 'adultsOnly' }));

const nullableText = z.nullable(z.string());

/** A user as the API shows it to its owner (and to staff): GET /users/{id}, GET /auth/me. */
export const userSchema = z
  .object({
    id: z.number().check(z.int()),
    email: z.string(),
    locale: localeSchema,
    category: z.enum(USER_CATEGORIES),
    role: z.enum(ROLES),
    abilities: abilitiesSchema,
    first_name: z.string(),
    middle_name: nullableText,
    last_name: z.string(),
    birth_date: nullableText,
    birth_country: nullableText,
    birth_city: nullableText,
    nationality: nullableText,
    document_number: nullableText,
    document_issue_country: nullableText,
    document_expiration_date: nullableText,
    phone: nullableText,
    gender: z.nullable(genderSchema),
    residence_country: nullableText,
    address: nullableText,
    city: nullableText,
    zip_code: nullableText,
    province: nullableText,
    municipality: nullableText,
    tax_id: nullableText,
    tax_id_omocodia_confirmed: z.boolean(),
    marketing_consent: z.boolean(),
    two_factor_enabled: z.boolean(),
    activated_at: nullableText,
    created_at: z.string(),
  })
  .register(z.globalRegistry, { id: 'User' });
export type User = z.infer<typeof userSchema>;

/**
 * The details an applicant completes on /account after the activation (spec §1: registers,
 * activates, completes the account details, picks a service); the names come with the
 * registration. The account page marks them required and names the ones still empty.
 */
export const PROFILE_FIELDS = [
  'birth_date',
  'birth_country',
  'nationality',
  'document_number',
  'phone',
  'residence_country',
  'address',
  'city',
] as const satisfies readonly (keyof User)[];
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** The details of PROFILE_FIELDS the account still lacks, in the order of the account page. */
export const missingProfileFields = (user: User): ProfileField[] =>
  PROFILE_FIELDS.filter((field) => user[field] === null || user[field] === '');

/** PATCH /profile: the interface language (and the marketing consent flag). */
export const profileUpdateSchema = z.strictObject({
  locale: z.optional(localeSchema),
  marketing_consent: z.optional(z.boolean()),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** Whether a typed email names the same account as `accountEmail` (case and surrounding spaces ignored). */
export const isSameEmail = (typed: string, accountEmail: string): boolean =>
  typed.trim().toLowerCase() === accountEmail.trim().toLowerCase();

/** Account deletion: the user types the account's own email ('The email address does not match.'). */
export const deleteAccountSchema = z.object({ email: z.string().check(z.trim(), z.minLength(1)) });
