import { describe, expect, it } from 'vitest';
import {
  assessmentSchema,
  assessmentSchemaAt,
  emptyAssessment,
  invalidAssessmentFields,
  latestAwardYear,
  missingAssessmentFields,
} from './assessment';

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

  it('takes a year of award up to the current year in Rome on the clock it is given, not the real date', () => {
    let now = new Date('2026-12-31T22:30:00Z');
    const schema = assessmentSchemaAt(() => now);
    const messagesOf = (award_year: number) =>
      schema.safeParse({ award_year }).error?.issues.map((issue) => issue.message) ?? [];
    // 23:30 on New Year's Eve in Rome (UTC+1): 2026 there still.
    expect(latestAwardYear(now)).toBe(2026);
    expect(messagesOf(2026)).toEqual([]);
    expect(messagesOf(2027)).toEqual(['awardYearNotInFuture']);
    expect(messagesOf(2100)).toEqual(['awardYearNotInFuture']);
    // Half past midnight in Rome, still 2026 in London: the new year is taken, by the same schema.
    now = new Date('2026-12-31T23:30:00Z');
    expect(latestAwardYear(now)).toBe(2027);
    expect(messagesOf(2027)).toEqual([]);
    // A clock set in the past (a test's, a journey's) decides, whatever the date is for real.
    now = new Date('2020-06-01T12:00:00Z');
    expect(messagesOf(2021)).toEqual(['awardYearNotInFuture']);
    expect(latestAwardYear(new Date('2030-06-01T12:00:00Z'))).toBe(2030);
    expect(schema.safeParse({ award_year: 1899 }).success).toBe(false);
    expect(schema.safeParse({ award_year: null }).success).toBe(true);
    // The API's body takes any whole year after 1899: its service decides the rest by its clock.
    expect(assessmentSchema.safeParse({ award_year: 2100 }).success).toBe(true);
    expect(assessmentSchema.safeParse({ award_year: 1899 }).success).toBe(false);
  });

  it('names a year of award still to come at the time given, which the review does not take, and nothing else', () => {
    const now = new Date('2020-06-01T12:00:00Z');
    expect(invalidAssessmentFields(null, now)).toEqual({});
    expect(invalidAssessmentFields({ ...emptyAssessment(), award_year: 2020 }, now)).toEqual({});
    expect(invalidAssessmentFields({ ...emptyAssessment(), award_year: 2021 }, now)).toEqual({
      award_year: 'awardYearNotInFuture',
    });
  });
});
