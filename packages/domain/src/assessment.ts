import { z } from 'zod';
import { countryCodeSchema } from './countries';
import type { ValidationMessageKey } from './messages-en';
import { recordOf } from './collections';
import { wallClockOf } from './wall-clock';

/**
 * The evaluator's assessment: the certificate fields of spec §3 that the statement will print,
 * besides those taken from the applicant and the request (holder, birth date, ids, hash, dates).
 * Saved as often as the evaluator likes; complete only when ASSESSMENT_REQUIRED_FIELDS are all set,
 * which sending the request in review demands.
 */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/**
 * The latest year of award an assessment takes: the current year on the body's calendar (Rome) at
 * `now`, so that on New Year's night the new year is taken from midnight in Rome. A qualification
 * is assessed once it has been awarded, never for a year still to come. `now` is the caller's
 * clock: the API's (a `ManualClock` in its tests, the journeys' moved clock), the browser's on the
 * workspace's form, which only checks ahead of the API.
 */
export const latestAwardYear = (now: Date): number => wallClockOf(now).year;

/** A year of award as the API's body takes it: a whole year after 1899 (the rest needs a clock). */
export const awardYearSchema = z.number().int().gt(1899);

/** A year of award no later than the current one at `now()` (`latestAwardYear`). */
export const awardYearSchemaAt = (now: () => Date) =>
  awardYearSchema.refine((year) => year <= latestAwardYear(now()), { message: 'awardYearNotInFuture' });

export const assessmentShape = {
  /** Classification or level, e.g. "EQF level 6 – first-cycle degree". */
  classification: text(200),
  awarding_institution: text(200),
  award_year: awardYearSchema.nullable().optional(),
  /** Institution status, e.g. "public, recognised by the national authority". */
  institution_status: text(200),
  country_of_studies: countryCodeSchema.nullable().optional(),
  teaching_institution: text(200),
  qualification_type: text(200),
  major: text(200),
  qualification_name: text(200),
  /** Workload as stated, e.g. "180 ECTS" or "2,400 hours". */
  workload: text(100),
  /** Official duration, e.g. "3 years full time". */
  duration: text(100),
  /** The institution's id in DEQAR (the European register of quality-assured higher education). */
  deqar_id: text(40),
  /** The institution's id in WHED (the IAU World Higher Education Database). */
  whed_id: text(40),
  access_requirements: text(2000),
  access_to_further_studies: text(2000),
  evaluation_notes: text(5000),
};

/**
 * PUT /staff/practices/{id}/assessment: every field, any of them still empty. A year of award still
 * to come is refused by the API on its clock (`invalidAssessmentFields`), the form by
 * `assessmentSchemaAt`.
 */
export const assessmentSchema = z.strictObject(assessmentShape).meta({ id: 'Assessment' });

/** `assessmentSchema` with no year of award still to come at `now()`: the workspace's form. */
export const assessmentSchemaAt = (now: () => Date) =>
  z.strictObject({ ...assessmentShape, award_year: awardYearSchemaAt(now).nullable().optional() });
export type AssessmentInput = z.input<typeof assessmentSchema>;
export type AssessmentUpdate = z.output<typeof assessmentSchema>;

const value = z.string().nullable();

/** The assessment as the API shows it: every field, null where still empty. */
export const assessmentValuesSchema = z.object({
  classification: value,
  awarding_institution: value,
  award_year: z.number().int().nullable(),
  institution_status: value,
  country_of_studies: value,
  teaching_institution: value,
  qualification_type: value,
  major: value,
  qualification_name: value,
  workload: value,
  duration: value,
  deqar_id: value,
  whed_id: value,
  access_requirements: value,
  access_to_further_studies: value,
  evaluation_notes: value,
});
export type Assessment = z.infer<typeof assessmentValuesSchema>;

export const ASSESSMENT_FIELDS = Object.keys(assessmentValuesSchema.shape) as (keyof Assessment)[];

/** What the statement cannot do without: checked before the request goes in review. */
export const ASSESSMENT_REQUIRED_FIELDS = [
  'classification',
  'awarding_institution',
  'award_year',
  'country_of_studies',
  'qualification_type',
  'qualification_name',
  'duration',
] as const satisfies readonly (keyof Assessment)[];

/**
 * The fields the statement cannot print as they are, with why (a message key): a year of award
 * later than the current one at `now` (the API's clock), which saving refuses and the review does
 * not take (one saved before saving checked it). Nothing for the other fields.
 */
export const invalidAssessmentFields = (
  assessment: Partial<Assessment> | null,
  now: Date,
): Partial<
  Record<keyof Assessment, Extract<ValidationMessageKey, 'awardYearNotInFuture' | 'invalidValue'>>
> => {
  const year = assessment?.award_year;
  if (year === null || year === undefined || awardYearSchemaAt(() => now).safeParse(year).success) return {};
  return { award_year: year > latestAwardYear(now) ? 'awardYearNotInFuture' : 'invalidValue' };
};

/** Every field, null where the evaluator has not filled it in. */
export const emptyAssessment = (): Assessment => recordOf(ASSESSMENT_FIELDS, () => null);

/** The required fields still empty; none means the assessment may go in review. */
export const missingAssessmentFields = (assessment: Partial<Assessment> | null): (keyof Assessment)[] =>
  ASSESSMENT_REQUIRED_FIELDS.filter((field) => {
    const value = assessment?.[field];
    return value === null || value === undefined || value === '';
  });
