import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  assessmentSchema,
  emptyAssessment,
  invalidAssessmentFields,
  latestAwardYear,
  missingAssessmentFields,
} from './assessment';

afterEach(() => {
  vi.useRealTimers();
});

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

  it('takes a year of award up to the current year in Rome, not one still to come', () => {
    const messagesOf = (award_year: number) =>
      assessmentSchema.safeParse({ award_year }).error?.issues.map((issue) => issue.message) ?? [];
    // 23:30 on New Year's Eve in Rome (UTC+1): 2026 there still.
    vi.useFakeTimers({ now: new Date('2026-12-31T22:30:00Z') });
    expect(latestAwardYear()).toBe(2026);
    expect(messagesOf(2026)).toEqual([]);
    expect(messagesOf(2027)).toEqual(['awardYearNotInFuture']);
    expect(messagesOf(2100)).toEqual(['awardYearNotInFuture']);
    // Half past midnight in Rome, still 2026 in London: the new year is taken.
    vi.setSystemTime(new Date('2026-12-31T23:30:00Z'));
    expect(latestAwardYear()).toBe(2027);
    expect(messagesOf(2027)).toEqual([]);
    expect(latestAwardYear(new Date('2030-06-01T12:00:00Z'))).toBe(2030);
    expect(assessmentSchema.safeParse({ award_year: 1899 }).success).toBe(false);
    expect(assessmentSchema.safeParse({ award_year: null }).success).toBe(true);
  });

  it('names a saved year of award still to come, which the review does not take, and nothing else', () => {
    vi.useFakeTimers({ now: new Date('2026-06-01T12:00:00Z') });
    expect(invalidAssessmentFields(null)).toEqual({});
    expect(invalidAssessmentFields({ ...emptyAssessment(), award_year: 2026 })).toEqual({});
    expect(invalidAssessmentFields({ ...emptyAssessment(), award_year: 2027 })).toEqual({
      award_year: 'awardYearNotInFuture',
    });
  });
});
