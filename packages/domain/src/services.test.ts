import { describe, expect, it } from 'vitest';
import { USER_CATEGORIES } from './abilities';
import { recordOf } from './collections';
import { REFUGEE_REQUEST_LIMIT } from './constants';
import { submittedRequestsOf } from './notifications';
import { STATUS_LABELS } from './statuses';
import {
  blockingDocuments,
  EDUCATION_LEVELS,
  isDeclarableUnobtainable,
  isForeignEducationSystem,
  isRequestLimitReached,
  OPERATOR_COUNTRY,
  serviceFor,
  type CountryFacts,
} from './services';

const lisbon: CountryFacts = {
  code: 'FR',
  isLisbonState: true,
  levels: ['higher', 'upper_secondary'],
  isServiceAvailable: true,
  isVerificationPossible: true,
};
const other: CountryFacts = { ...lisbon, code: 'BR', isLisbonState: false };
const unverifiable: CountryFacts = { ...other, code: 'SO', isVerificationPossible: false };
const none: CountryFacts = { ...other, code: 'KP', isServiceAvailable: false };
const higherOnly: CountryFacts = { ...other, code: 'XK', levels: ['higher'] };

describe('serviceFor — the matrix of category × country × level', () => {
  const expected: Record<string, Record<string, string | null>> = {
    standard: {
      FR: 'correspondence_verification',
      BR: 'comparability_verification',
      SO: 'comparability',
      KP: null,
    },
    refugee: {
      FR: 'refugee_comparability',
      BR: 'refugee_comparability',
      SO: 'refugee_comparability',
      KP: null,
    },
  };

  for (const category of USER_CATEGORIES) {
    for (const country of [lisbon, other, unverifiable, none]) {
      for (const level of EDUCATION_LEVELS) {
        it(`${category} × ${country.code} × ${level}`, () => {
          expect(serviceFor({ country, level, category })?.kind ?? null).toBe(
            expected[category]?.[country.code],
          );
        });
      }
    }
  }

  it('offers nothing for a level the country does not have', () => {
    expect(serviceFor({ country: higherOnly, level: 'upper_secondary', category: 'standard' })).toBeNull();
    expect(serviceFor({ country: higherOnly, level: 'higher', category: 'standard' })).not.toBeNull();
  });

  it('never gives refugees verification, and keeps their service free and ordinary', () => {
    const offer = serviceFor({ country: lisbon, level: 'higher', category: 'refugee' });
    expect(offer).toMatchObject({ includesVerification: false, isFree: true, isUrgentAvailable: false });
  });
});

describe('isRequestLimitReached — a refugee account submits at most two requests', () => {
  it('stops a refugee at the limit, never a standard account', () => {
    expect(REFUGEE_REQUEST_LIMIT).toBe(2);
    expect(isRequestLimitReached('refugee', 1)).toBe(false);
    expect(isRequestLimitReached('refugee', 2)).toBe(true);
    expect(isRequestLimitReached('refugee', 3)).toBe(true);
    expect(isRequestLimitReached('standard', 9)).toBe(false);
  });

  it('counts the submitted requests of the notifications: all but the draft', () => {
    const counts = recordOf(STATUS_LABELS, () => 0);
    counts.draft = 1;
    counts['in evaluation'] = 1;
    counts.closed = 1;
    expect(submittedRequestsOf({ counts, total: 3 })).toBe(2);
  });
});

describe('isForeignEducationSystem — the operator’s own country is never one to choose', () => {
  it('refuses Italy, whatever its case or spaces, and takes any other country', () => {
    expect(OPERATOR_COUNTRY).toBe('IT');
    expect(['IT', 'it', ' It '].map(isForeignEducationSystem)).toEqual([false, false, false]);
    expect(['FR', 'sm', 'VA'].map(isForeignEducationSystem)).toEqual([true, true, true]);
  });
});

describe('documents a refugee declares unobtainable', () => {
  it('are the documents of their studies on the refugee service, never the status certificate, the identity document or the consent form', () => {
    for (const type of [
      'diploma',
      'transcript_of_records',
      'grade_12_certificate',
      'final_examination',
    ] as const) {
      expect(isDeclarableUnobtainable('refugee_comparability', type)).toBe(true);
    }
    for (const type of ['refugee_status_certificate', 'identity_document', 'consent_form'] as const) {
      expect(isDeclarableUnobtainable('refugee_comparability', type)).toBe(false);
    }
  });

  it('are never declared on a standard service', () => {
    for (const service of [
      'comparability',
      'comparability_verification',
      'correspondence_verification',
    ] as const) {
      expect(isDeclarableUnobtainable(service, 'diploma')).toBe(false);
    }
  });

  it('stop the submission no more, while the other missing ones still do', () => {
    expect(
      blockingDocuments(['diploma', 'transcript_of_records', 'consent_form'], [{ type: 'diploma' }]),
    ).toEqual(['transcript_of_records', 'consent_form']);
  });
});
