import { z } from 'zod';
import { countryCodeSchema } from './countries';
import { isoDateSchema } from './dates';
import { toE164In } from './phone';
import { isOmocodiaConfirmedWhenNeeded, isValidFiscalCode, normalizeTaxId } from './tax-id';
import { USER_CATEGORIES } from './abilities';
import { birthDateSchema, birthDateSchemaAt, genderSchema, personNameSchema } from './user';

// The account's details as typed and checked, apart from user.ts: what only the forms need (the
// phone number's metadata, the tax ID's rules) stays out of the first visit's chunks, which need
// the user as the API shows it (decision 063).

const name = personNameSchema;
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * The country a phone number of the account written without its country code is read in: the
 * country of residence. `+39 06 1234 5678` is read as it is; `333 1234567` of an account living in
 * Italy is `+39 333 1234567`; with no country of residence, the number needs its code (spec §5:
 * 'Phone number not valid (add country code)'). Kept in E.164. The rule is the courier's phone's
 * (`isValidPhoneIn`, `toE164In`), with the shipping country.
 */
export const accountPhoneE164 = (phone: string, residenceCountry: string | null | undefined): string | null =>
  toE164In(phone, residenceCountry);

/**
 * The account's tax ID: a codice fiscale in either form, as the billing fiscal code (decision 010):
 * the 16-character personal code or the 11-digit numeric one (a provisional code, given for one to
 * asylum applicants). Kept without spaces, in capitals.
 */
export const taxIdSchema = z
  .string()
  .trim()
  .refine((value) => isValidFiscalCode(value), { message: 'taxIdInvalid' })
  .transform((value) => normalizeTaxId(value));

/** Fields of the complete-account form (spec §3 "User"); the email is not among them: it never changes. */
export const userDetailsShape = {
  first_name: name,
  middle_name: optionalText(100),
  last_name: name,
  birth_date: z.optional(z.nullable(birthDateSchema)),
  birth_country: countryCodeSchema.nullable().optional(),
  birth_city: optionalText(100),
  nationality: countryCodeSchema.nullable().optional(),
  document_number: optionalText(40),
  document_issue_country: countryCodeSchema.nullable().optional(),
  document_expiration_date: z.optional(z.nullable(isoDateSchema)),
  /** Checked with the country of residence (`accountPhoneE164`), by `userUpdateSchema`. */
  phone: z.string().trim().max(40).nullable().optional(),
  gender: z.optional(z.nullable(genderSchema)),
  residence_country: countryCodeSchema.nullable().optional(),
  address: optionalText(200),
  city: optionalText(100),
  zip_code: optionalText(20),
  province: optionalText(100),
  municipality: optionalText(100),
  tax_id: taxIdSchema.nullable().optional(),
  /** The applicant confirms an omocodic tax ID is theirs. */
  tax_id_omocodia_confirmed: z.boolean().optional(),
  marketing_consent: z.boolean().optional(),
};

/**
 * Any subset of the details, the birth date checked by `birthDate`; unknown keys (the email among
 * them) are refused.
 */
const userUpdateOf = (birthDate: typeof birthDateSchema) =>
  z
    .strictObject({
      ...userDetailsShape,
      birth_date: z.optional(z.nullable(birthDate)),
      first_name: z.optional(name),
      last_name: z.optional(name),
      /** Standard or refugee: changed only while no request of the applicant is a draft or being evaluated. */
      category: z.optional(z.enum(USER_CATEGORIES)),
    })
    .refine((value) => isOmocodiaConfirmedWhenNeeded(value.tax_id, value.tax_id_omocodia_confirmed), {
      message: 'taxIdOmocodiaConfirm',
      path: ['tax_id'],
    })
    // The phone is read in the country of residence given with it; a change without that country
    // (a PATCH of the phone alone) is read by the API in the account's country of residence.
    .refine(
      (value) =>
        !value.phone ||
        value.residence_country === undefined ||
        accountPhoneE164(value.phone, value.residence_country) !== null,
      { message: 'phoneInvalid', path: ['phone'] },
    )
    .transform((value) => {
      if (value.phone === undefined) return value;
      // A blank number is no number.
      if (!value.phone) return { ...value, phone: null };
      // A national number given without the country is left as typed, for the API to read.
      return { ...value, phone: accountPhoneE164(value.phone, value.residence_country) ?? value.phone };
    });

/**
 * PATCH /users/{id} and the account's form: a birth date of someone 18 or older on the body's day
 * at `now()`, the API's clock (a `ManualClock` in its tests, the journeys' moved clock) or the
 * browser's date.
 */
export const userUpdateSchemaAt = (now: () => Date) => userUpdateOf(birthDateSchemaAt(now));

/** The same shape with any real birth date: what needs no clock (the other fields' rules, the type). */
export const userUpdateSchema = userUpdateOf(birthDateSchema);
export type UserUpdate = z.infer<typeof userUpdateSchema>;
