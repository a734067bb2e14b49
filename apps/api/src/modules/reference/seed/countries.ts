import { COUNTRY_CODES, type DocumentType, type EducationLevel } from '@lisbon/domain';

/**
 * First seed of the reference data: an administrator corrects it in the database afterwards,
 * so the seed only fills countries that are not there yet.
 */

/**
 * The 55 parties to the Lisbon Recognition Convention (Council of Europe treaty ETS 165): every
 * Council of Europe member but Greece and Monaco, Russia, and ten other states (decision 053).
 * The portal states the count of this data, never a typed number.
 */
export const LISBON_STATES = [
  'AL', 'AD', 'AM', 'AT', 'AZ', 'BE', 'BA', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'GE',
  'DE', 'HU', 'IS', 'IE', 'IT', 'LV', 'LI', 'LT', 'LU', 'MT', 'MD', 'ME', 'NL', 'MK', 'NO',
  'PL', 'PT', 'RO', 'SM', 'RS', 'SK', 'SI', 'ES', 'SE', 'CH', 'TR', 'UA', 'GB', 'AU', 'BY', 'CA',
  'VA', 'IL', 'KZ', 'KG', 'NZ', 'TJ', 'RU', 'TM',
] as const; // prettier-ignore

/**
 * No service: territories with no education system of their own, and a state whose institutions
 * cannot be reached at all.
 */
export const NO_SERVICE_COUNTRIES = ['AQ', 'BV', 'HM', 'TF', 'UM', 'GS', 'KP'] as const;

/** Verification with the awarding institutions is impossible (war or collapse of records): comparability only. */
export const UNVERIFIABLE_COUNTRIES = ['AF', 'SY', 'YE', 'SO', 'SD', 'SS', 'LY', 'HT'] as const;

/** Documents required per level; refugees add the refugee status certificate. */
export const REQUIRED_DOCUMENTS: Record<EducationLevel, readonly DocumentType[]> = {
  higher: ['identity_document', 'diploma', 'transcript_of_records', 'consent_form'],
  upper_secondary: [
    'identity_document',
    'diploma',
    'grade_12_certificate',
    'final_examination',
    'consent_form',
  ],
};

export type CountrySeed = {
  code: string;
  is_lisbon_state: boolean;
  levels: EducationLevel[];
  is_service_available: boolean;
  is_verification_possible: boolean;
};

const has = (list: readonly string[], code: string) => list.includes(code);

export function countrySeeds(): CountrySeed[] {
  return COUNTRY_CODES.map((code) => {
    const isServiceAvailable = !has(NO_SERVICE_COUNTRIES, code);
    return {
      code,
      is_lisbon_state: has(LISBON_STATES, code),
      levels: isServiceAvailable ? ['higher', 'upper_secondary'] : [],
      is_service_available: isServiceAvailable,
      is_verification_possible: isServiceAvailable && !has(UNVERIFIABLE_COUNTRIES, code),
    };
  });
}
