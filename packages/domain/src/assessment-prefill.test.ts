import { describe, expect, it } from 'vitest';
import { assessmentPrefill, assessmentReadiness, assessmentStart } from './assessment-prefill';
import type { QualificationStep } from './practice';

const qualification = {
  qualification_name: 'Bacharel em Ciências Biológicas',
  institution_name: 'Universidade de São Paulo',
  institution_country: 'BR',
  institution_city: 'São Paulo',
  is_institution_country_different: false,
  is_teaching_institution_different: false,
  is_awarding_body_different: false,
  delivery_mode: 'in_presence',
  study_program_name: 'Biology',
  study_program_locale: 'Portuguese',
  studies_type: 'full_time',
  enrolled_at: '2015-03-01',
  graduated_at: '2019-07-15',
  issued_at: '2019-09-01',
  diploma_type: 'final',
  is_awarding_institution_accredited: false,
  is_teaching_institution_accredited: false,
} satisfies QualificationStep;

describe('assessmentPrefill', () => {
  it('takes the institution, its country, the year of award and the qualification from the request', () => {
    expect(assessmentPrefill(qualification)).toEqual({
      awarding_institution: 'Universidade de São Paulo',
      country_of_studies: 'BR',
      award_year: 2019,
      qualification_name: 'Bacharel em Ciências Biológicas',
    });
  });

  it('names the awarding body and the teaching institution where the applicant said they differ', () => {
    const prefill = assessmentPrefill({
      ...qualification,
      is_awarding_body_different: true,
      awarding_body_name: 'Ministério da Educação',
      is_teaching_institution_different: true,
      teaching_institution_name: 'Faculdade de Ribeirão Preto',
    });
    expect(prefill).toMatchObject({
      awarding_institution: 'Ministério da Educação',
      teaching_institution: 'Faculdade de Ribeirão Preto',
    });
  });

  it('gives nothing for a request without qualification details', () => {
    expect(assessmentPrefill(null)).toEqual({});
  });
});

describe('assessmentStart', () => {
  it('keeps what the evaluator saved and fills only the empty fields, naming them', () => {
    const start = assessmentStart(
      { awarding_institution: 'USP', award_year: null, classification: 'EQF 6' },
      qualification,
    );
    expect(start.values).toMatchObject({
      awarding_institution: 'USP',
      award_year: 2019,
      classification: 'EQF 6',
      country_of_studies: 'BR',
    });
    expect(start.prefilled.sort()).toEqual(['award_year', 'country_of_studies', 'qualification_name']);
  });
});

describe('assessmentReadiness', () => {
  it('counts the fields filled from the request as filled, waiting only to be saved', () => {
    expect(assessmentReadiness(null, qualification)).toEqual({
      missing: ['classification', 'qualification_type', 'duration'],
      unsaved: ['awarding_institution', 'award_year', 'country_of_studies', 'qualification_name'],
    });
    const typed = { classification: 'EQF 6', qualification_type: 'Bachelor', duration: '3 years' };
    expect(assessmentReadiness(typed, qualification).missing).toEqual([]);
    expect(assessmentReadiness({ ...typed, ...assessmentPrefill(qualification) }, qualification)).toEqual({
      missing: [],
      unsaved: [],
    });
    // Without the request's details, every empty field is missing.
    expect(assessmentReadiness(typed, null)).toEqual({
      missing: ['awarding_institution', 'award_year', 'country_of_studies', 'qualification_name'],
      unsaved: [],
    });
  });
});
