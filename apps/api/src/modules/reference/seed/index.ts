import { EDUCATION_LEVELS } from '@lisbon/domain';
import type { Db } from '../../../platform/db/database';
import {
  insertMissingClosures,
  insertMissingCountries,
  insertRequiredDocumentsOfEmptyLevels,
} from '../repository';
import { CLOSURE_SEEDS } from './closures';
import { countrySeeds, REQUIRED_DOCUMENTS } from './countries';

export type ReferenceSeedCounts = { countries: number; requiredDocuments: number; closures: number };

/**
 * Idempotent: inserts the countries and closures that are missing, and the required documents of
 * a level only while that level has none, so an administrator's corrections are never undone.
 */
export async function seedReferenceData(db: Db): Promise<ReferenceSeedCounts> {
  const countries = await insertMissingCountries(
    db,
    countrySeeds().map((country) => ({
      code: country.code,
      levels: country.levels.join(','),
      is_lisbon_state: country.is_lisbon_state ? 1 : 0,
      is_service_available: country.is_service_available ? 1 : 0,
      is_verification_possible: country.is_verification_possible ? 1 : 0,
    })),
  );
  const requiredDocuments = await insertRequiredDocumentsOfEmptyLevels(
    db,
    EDUCATION_LEVELS.flatMap((level) =>
      REQUIRED_DOCUMENTS[level].map((document_type, index) => ({
        level,
        document_type,
        position: index + 1,
      })),
    ),
  );
  const closures = await insertMissingClosures(db, CLOSURE_SEEDS);
  return { countries, requiredDocuments, closures };
}
