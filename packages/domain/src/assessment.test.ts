import { describe, expect, it } from 'vitest';
import { assessmentSchema, emptyAssessment, missingAssessmentFields } from './assessment';

describe('assessment', () => {
  it('accepts a partial assessment, emptying blank text and upper-casing the country', () => {
    const parsed = assessmentSchema.parse({ classification: ' EQF 6 ', major: '', country_of_studies: 'br' });
    expect(parsed).toEqual({ classification: 'EQF 6', major: null, country_of_studies: 'BR' });
  });

  it('refuses fields that are not certificate fields', () => {
    expect(assessmentSchema.safeParse({ holder_name: 'Ada' }).success).toBe(false);
  });

  it('names the required fields still empty', () => {
    expect(missingAssessmentFields(null)).toContain('classification');
    const complete = {
      ...emptyAssessment(),
      classification: 'EQF 6',
      awarding_institution: 'USP',
      award_year: 2019,
      country_of_studies: 'BR',
      qualification_type: 'Bachelor',
      qualification_name: 'Bacharel em Biologia',
      duration: '4 years',
    };
    expect(missingAssessmentFields(complete)).toEqual([]);
    expect(missingAssessmentFields({ ...complete, duration: null })).toEqual(['duration']);
  });
});
