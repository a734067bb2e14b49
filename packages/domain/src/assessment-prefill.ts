import { missingAssessmentFields, type Assessment } from './assessment';
import type { QualificationStep } from './practice';

/**
 * What the assessment starts from (issue #18): the request's own qualification details, which the
 * evaluator checks and edits rather than types again. The awarding institution is the awarding
 * body when the applicant said it differs; the teaching institution is given only when it differs.
 */
export function assessmentPrefill(qualification: QualificationStep | null): Partial<Assessment> {
  if (!qualification) return {};
  const year = Number(qualification.issued_at.slice(0, 4));
  return {
    awarding_institution:
      qualification.is_awarding_body_different && qualification.awarding_body_name
        ? qualification.awarding_body_name
        : qualification.institution_name,
    ...(qualification.is_teaching_institution_different && qualification.teaching_institution_name
      ? { teaching_institution: qualification.teaching_institution_name }
      : {}),
    country_of_studies: qualification.institution_country,
    award_year: Number.isInteger(year) ? year : null,
    qualification_name: qualification.qualification_name,
  };
}

/**
 * The form's starting values: what was saved, and where a field is still empty, the request's
 * value; `prefilled` names the fields that come from the request.
 */
export function assessmentStart(
  saved: Partial<Assessment> | null,
  qualification: QualificationStep | null,
): { values: Partial<Assessment>; prefilled: (keyof Assessment)[] } {
  const values: Partial<Assessment> = { ...saved };
  const prefilled: (keyof Assessment)[] = [];
  for (const [field, value] of Object.entries(assessmentPrefill(qualification)) as [
    keyof Assessment,
    never,
  ][]) {
    const current = values[field];
    if ((current === null || current === undefined || current === '') && value !== null) {
      values[field] = value;
      prefilled.push(field);
    }
  }
  return { values, prefilled };
}

/**
 * What still keeps the assessment from review, as the form shows it: `missing`, the required fields
 * empty even with the request's values; `unsaved`, those the form shows filled from the request but
 * the saved assessment (which the API checks) lacks until it is saved.
 */
export function assessmentReadiness(
  saved: Partial<Assessment> | null,
  qualification: QualificationStep | null,
): { missing: (keyof Assessment)[]; unsaved: (keyof Assessment)[] } {
  const missing = missingAssessmentFields(assessmentStart(saved, qualification).values);
  const unsaved = missingAssessmentFields(saved).filter((field) => !missing.includes(field));
  return { missing, unsaved };
}
