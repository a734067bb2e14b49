import {
  countryName,
  DOCUMENT_TYPES,
  EDUCATION_LEVELS,
  isForeignEducationSystem,
  type ContactDetails,
  type Country,
  type CountryFacts,
  type DocumentType,
  type EducationLevel,
  type ListMeta,
  type Locale,
  type ReferenceFigures,
  type UserCategory,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import {
  countLisbonStates,
  findCountryRow,
  findRequiredDocumentTypes,
  listCountryRows,
  type CountryRow,
} from './repository';

/** GET /contact: the body's name and the contact details of the configuration. */
export function contactDetails(ctx: AppContext): ContactDetails {
  const { contact, body } = ctx.config;
  return { name: body.name, ...contact, is_demo: ctx.config.areContactDetailsDemo };
}

/** Public figures of the reference data, for the texts that state them (spec §9: 55 Lisbon states). */
export async function referenceFigures(db: Db): Promise<ReferenceFigures> {
  return { lisbon_states_count: await countLisbonStates(db) };
}

type CountryFields = Pick<
  CountryRow,
  'code' | 'levels' | 'is_lisbon_state' | 'is_service_available' | 'is_verification_possible'
>;

const levelsOf = (levels: string): EducationLevel[] =>
  EDUCATION_LEVELS.filter((level) => levels.split(',').includes(level));

export const toCountryFacts = (row: CountryFields): CountryFacts => ({
  code: row.code,
  isLisbonState: row.is_lisbon_state === 1,
  levels: levelsOf(row.levels),
  isServiceAvailable: row.is_service_available === 1,
  isVerificationPossible: row.is_verification_possible === 1,
});

export const toCountry = (row: CountryFields, locale: Locale): Country => ({
  code: row.code,
  name: countryName(row.code, locale),
  is_lisbon_state: row.is_lisbon_state === 1,
  levels: levelsOf(row.levels),
  is_service_available: row.is_service_available === 1,
  is_verification_possible: row.is_verification_possible === 1,
});

/** Case- and accent-insensitive: "cote" finds Côte d'Ivoire, "germ" Germania. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * GET /countries: the countries of education system to choose from, the whole list (about 250 rows)
 * as one page, sorted by name; never the operator's own (decision 113).
 */
export async function listCountries(
  ctx: AppContext,
  { search }: { search?: string | undefined },
  locale: Locale,
): Promise<{ data: Country[]; meta: ListMeta }> {
  const collator = new Intl.Collator(locale);
  const needle = search ? folded(search) : null;
  const data = (await listCountryRows(ctx.db))
    .filter((row) => isForeignEducationSystem(row.code))
    .map((row) => toCountry(row, locale))
    .filter(
      (country) => !needle || country.code.toLowerCase() === needle || folded(country.name).includes(needle),
    )
    .sort((a, b) => collator.compare(a.name, b.name));
  return { data, meta: { page: 1, perPage: Math.max(data.length, 1), total: data.length } };
}

export async function getCountry(ctx: AppContext, code: string, locale: Locale): Promise<Country> {
  const row = await findCountryRow(ctx.db, code.toUpperCase());
  if (!row) throw new AppError('NOT_FOUND');
  return toCountry(row, locale);
}

/** What another module needs to apply the service rule; undefined for a code the data does not hold. */
export async function findCountryFacts(db: Db, code: string): Promise<CountryFacts | undefined> {
  const row = await findCountryRow(db, code.toUpperCase());
  return row ? toCountryFacts(row) : undefined;
}

/** The documents a request needs for its country and level; refugees add their status certificate. */
export async function requiredDocuments(
  db: Db,
  { country, level, category }: { country: string; level: EducationLevel; category: UserCategory },
): Promise<DocumentType[]> {
  const stored = await findRequiredDocumentTypes(db, country, level);
  const types = DOCUMENT_TYPES.filter((type) => stored.includes(type)).sort(
    (a, b) => stored.indexOf(a) - stored.indexOf(b),
  );
  return category === 'refugee' ? [...types, 'refugee_status_certificate'] : types;
}
