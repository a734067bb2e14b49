import { isInstitutionCountryDifferent, type Practice, type StudyEntry } from '@lisbon/domain';
import type { UseFormReturnType } from '@mantine/form';
import { blankToNull } from '@/shared/forms/schemaForm';

/** The qualification step as its inputs hold it: text, null for an empty select, flags. */
export type QualificationValues = {
  qualification_name: string;
  institution_name: string;
  institution_country: string | null;
  institution_city: string;
  is_institution_country_different: boolean;
  is_teaching_institution_different: boolean;
  teaching_institution_name: string;
  teaching_institution_country: string | null;
  teaching_institution_city: string;
  is_awarding_body_different: boolean;
  awarding_body_name: string;
  awarding_body_country: string | null;
  delivery_mode: string;
  study_program_name: string;
  study_program_locale: string;
  credits: number | string;
  studies_type: string;
  enrolled_at: string;
  graduated_at: string;
  issued_at: string;
  diploma_type: string;
  is_awarding_institution_accredited: boolean;
  is_teaching_institution_accredited: boolean;
  /** Not sent: shows the names as on the diploma. */
  has_different_name: boolean;
  diploma_first_name: string;
  diploma_middle_name: string;
  diploma_last_name: string;
};

export type QualificationForm = UseFormReturnType<QualificationValues>;

export function qualificationValues(practice: Practice): QualificationValues {
  const q = practice.qualification;
  return {
    qualification_name: q?.qualification_name ?? '',
    institution_name: q?.institution_name ?? '',
    institution_country: q?.institution_country ?? practice.country,
    institution_city: q?.institution_city ?? '',
    is_institution_country_different: q?.is_institution_country_different ?? false,
    is_teaching_institution_different: q?.is_teaching_institution_different ?? false,
    teaching_institution_name: q?.teaching_institution_name ?? '',
    teaching_institution_country: q?.teaching_institution_country ?? null,
    teaching_institution_city: q?.teaching_institution_city ?? '',
    is_awarding_body_different: q?.is_awarding_body_different ?? false,
    awarding_body_name: q?.awarding_body_name ?? '',
    awarding_body_country: q?.awarding_body_country ?? null,
    delivery_mode: q?.delivery_mode ?? '',
    study_program_name: q?.study_program_name ?? '',
    study_program_locale: q?.study_program_locale ?? '',
    credits: q?.credits ?? '',
    studies_type: q?.studies_type ?? '',
    enrolled_at: q?.enrolled_at ?? '',
    graduated_at: q?.graduated_at ?? '',
    issued_at: q?.issued_at ?? '',
    diploma_type: q?.diploma_type ?? '',
    is_awarding_institution_accredited: q?.is_awarding_institution_accredited ?? false,
    is_teaching_institution_accredited: q?.is_teaching_institution_accredited ?? false,
    has_different_name: Boolean(q?.diploma_first_name || q?.diploma_last_name || q?.diploma_middle_name),
    diploma_first_name: q?.diploma_first_name ?? '',
    diploma_middle_name: q?.diploma_middle_name ?? '',
    diploma_last_name: q?.diploma_last_name ?? '',
  };
}

/** What an entry of the study path fills in; the rest is left as typed. */
export function fromStudyEntry(entry: StudyEntry): Partial<QualificationValues> {
  return {
    qualification_name: entry.qualification_name,
    institution_name: entry.institution_name,
    institution_country: entry.institution_country,
    institution_city: entry.institution_city ?? '',
    study_program_name: entry.study_program_name ?? '',
    enrolled_at: entry.enrolled_at ?? '',
    graduated_at: entry.graduated_at ?? '',
  };
}

/**
 * The input of `qualificationStepSchema`: the dates as their fields hold them (ISO, or the text
 * typed when it is no date, so the schema says 'Date not valid'), the parts a flag hides sent empty;
 * given the request's country of education system, whether the institution's differs follows from it.
 */
export function qualificationInput(
  values: QualificationValues,
  educationCountry?: string,
): Record<string, unknown> {
  const { has_different_name: hasDifferentName, ...rest } = values;
  const input = blankToNull(rest);
  const teaching = values.is_teaching_institution_different;
  const awarding = values.is_awarding_body_different;
  // An option not chosen is absent ('This field is required'), not a wrong choice.
  const chosen = (value: string) => (value === '' ? undefined : value);
  return {
    ...input,
    delivery_mode: chosen(values.delivery_mode),
    studies_type: chosen(values.studies_type),
    diploma_type: chosen(values.diploma_type),
    credits: values.credits === '' ? null : Number(values.credits),
    teaching_institution_name: teaching ? input.teaching_institution_name : null,
    teaching_institution_country: teaching ? input.teaching_institution_country : null,
    teaching_institution_city: teaching ? input.teaching_institution_city : null,
    awarding_body_name: awarding ? input.awarding_body_name : null,
    awarding_body_country: awarding ? input.awarding_body_country : null,
    diploma_first_name: hasDifferentName ? input.diploma_first_name : null,
    diploma_middle_name: hasDifferentName ? input.diploma_middle_name : null,
    diploma_last_name: hasDifferentName ? input.diploma_last_name : null,
    ...(educationCountry === undefined
      ? {}
      : {
          is_institution_country_different: isInstitutionCountryDifferent({
            institutionCountry: values.institution_country,
            educationCountry,
          }),
        }),
  };
}
