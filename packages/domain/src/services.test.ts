import { describe, expect, it } from 'vitest';
import { USER_CATEGORIES } from './abilities';
import { EDUCATION_LEVELS, serviceFor, type CountryFacts } from './services';

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
