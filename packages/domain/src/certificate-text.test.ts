import { describe, expect, it } from 'vitest';
import { certificateFieldText } from './certificate-text';
import type { Certificate } from './statement';

const certificate: Certificate = {
  reference_id: 'c0a8f6d2-6a4e-4f43-9d3b-4b7c1e2f9a10',
  holder_name: 'Maria Rossi',
  birth_date: '1996-04-12',
  qualification_name: 'Master',
  qualification_type: null,
  classification: null,
  major: null,
  awarding_institution: 'Université Lyon 1',
  award_year: null,
  institution_status: null,
  teaching_institution: null,
  country_of_studies: null,
  country_of_education_system: 'FR',
  workload: null,
  duration: null,
  deqar_id: null,
  whed_id: null,
  access_requirements: null,
  access_to_further_studies: null,
  evaluation_notes: null,
  request_id: 1234,
  certificate_authority: 'Demo Evaluation Centre',
  publish_date: '2026-03-02T23:30:00.000Z',
  locale: 'it-IT',
};

describe('certificateFieldText', () => {
  it('writes the birth date as the calendar day it is, in the given language', () => {
    expect(certificateFieldText(certificate, 'birth_date', 'en-US')).toBe('April 12, 1996');
    expect(certificateFieldText(certificate, 'birth_date', 'it-IT')).toBe('12 aprile 1996');
  });

  it("writes the publish date as the body's day (Europe/Rome)", () => {
    expect(certificateFieldText(certificate, 'publish_date', 'en-US')).toBe('March 3, 2026');
  });

  it('names countries in the given language and writes numbers as they are', () => {
    expect(certificateFieldText(certificate, 'country_of_education_system', 'it-IT')).toBe('Francia');
    expect(certificateFieldText(certificate, 'country_of_education_system', 'en-US')).toBe('France');
    expect(certificateFieldText(certificate, 'request_id', 'en-US')).toBe('1234');
  });

  it('gives null for an empty field', () => {
    expect(certificateFieldText(certificate, 'award_year', 'en-US')).toBeNull();
    expect(certificateFieldText(certificate, 'country_of_studies', 'en-US')).toBeNull();
    expect(certificateFieldText(certificate, 'major', 'en-US')).toBeNull();
  });
});
