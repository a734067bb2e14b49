import { z } from 'zod';
import { countryCodeField, storedCountryCode } from './country-code';
import { isoDateSchema } from './dates';
import { EDUCATION_LEVELS } from './services';

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const country = countryCodeField;

/**
 * How many qualifications one study path holds: more than anyone's educational history, and a
 * ceiling on the rows one account's loop could store, which the page and the wizard read whole
 * (409 STUDY_ENTRIES_LIMIT beyond).
 */
export const STUDY_ENTRIES_MAX = 50;

/** An entry of the educational history, "My study path" (`/study`, users/{id}/user-qualification). */
export const studyEntryInputSchema = z.object({
  qualification_name: text(200),
  institution_name: text(200),
  institution_country: country,
  institution_city: optionalText(100),
  level: z.enum(EDUCATION_LEVELS),
  study_program_name: optionalText(200),
  enrolled_at: z.optional(z.nullable(isoDateSchema)),
  graduated_at: z.optional(z.nullable(isoDateSchema)),
});
export type StudyEntryInput = z.infer<typeof studyEntryInputSchema>;
/** PATCH users/{id}/user-qualification/{entryId}: any subset of the fields. */
export const studyEntryUpdateSchema = studyEntryInputSchema.partial();
export type StudyEntryUpdate = z.infer<typeof studyEntryUpdateSchema>;
/** An entry as answered: its country read as stored (`storedCountryCode`), as an earlier release wrote it. */
export const studyEntrySchema = studyEntryInputSchema
  .extend({
    institution_country: storedCountryCode,
    id: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'StudyEntry' });
export type StudyEntry = z.infer<typeof studyEntrySchema>;
