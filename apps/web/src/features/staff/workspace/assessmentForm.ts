import { type Assessment, ASSESSMENT_FIELDS, ASSESSMENT_REQUIRED_FIELDS, isOneOf } from '@lisbon/domain';

/** The assessment form's values: every field a text but the year (a number, or '' while empty). */
export type AssessmentValues = Omit<Record<keyof Assessment, string>, 'award_year' | 'country_of_studies'> & {
  award_year: number | string;
  country_of_studies: string | null;
};

/** Long free texts get a text area; the rest a single line. */
export const LONG_FIELDS = ['access_requirements', 'access_to_further_studies', 'evaluation_notes'] as const;
export const isLongField = (field: keyof Assessment) => isOneOf(LONG_FIELDS, field);
export const isNeededForReview = (field: keyof Assessment) => isOneOf(ASSESSMENT_REQUIRED_FIELDS, field);

export function assessmentValues(assessment: Partial<Assessment> | null): AssessmentValues {
  // Object.fromEntries loses the keys: every field is here, a text, or the year as the number it was.
  const values = Object.fromEntries(
    ASSESSMENT_FIELDS.map((field) => [field, assessment?.[field] ?? '']),
  ) as AssessmentValues;
  values.country_of_studies = assessment?.country_of_studies ?? null;
  return values;
}

/** What PUT …/assessment reads: a blank text or year is null (the field is emptied). */
export function assessmentInput(values: AssessmentValues): Record<string, unknown> {
  return Object.fromEntries(
    ASSESSMENT_FIELDS.map((field) => {
      const value = values[field];
      if (field === 'award_year') return [field, value === '' || value === null ? null : Number(value)];
      return [field, typeof value === 'string' && value.trim() === '' ? null : value];
    }),
  );
}
