import { z } from 'zod';
import { decimalInteger } from './decimal-integer';
import { RESOURCE_SEARCH_MIN_CHARS } from './constants';
import { countryName } from './countries';
import { DEADLINE_FLAGS } from './deadlines';
import { LOCALES } from './locales';
import { APPEAL_TYPES, PRACTICE_STATUSES, STATUS_LABELS } from './statuses';

/**
 * Staff search (issue #18, decision 069): one box on every staff page finds a request by its id,
 * the applicant's names (any order, accents ignored), email or tax ID, the qualification's name,
 * the institution or the country. Both databases index the same normalised text, made here, and
 * are asked with the same normalised words: each word of the query must begin a word of the text.
 */

/** Letters that NFKD does not take apart, written as their base letters. */
const FOLDED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
};

/**
 * The one rule for search text: accents and case dropped, every run of anything but letters and
 * digits made one space. `Müller-Lüdenscheidt, José` → `muller ludenscheidt jose`; an email's dots
 * and `@` split it into words, so `ada.rossi@` finds `ada.rossi@example.org`.
 */
export function normaliseSearchText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðłıþ]/g, (letter) => FOLDED[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Words of a query past this many are ignored: each one is a term both databases look up. */
export const SEARCH_MAX_TERMS = 6;

/**
 * The normalised words of a query, each at most once, in order. A word is looked up from
 * RESOURCE_SEARCH_MIN_CHARS characters (spec §9): a lone letter would begin a word of nearly every
 * request, so it is left out (`ada r` looks for `ada`).
 */
export function searchTermsOf(query: string): string[] {
  const words = normaliseSearchText(query)
    .split(' ')
    .filter((word) => [...word].length >= RESOURCE_SEARCH_MIN_CHARS);
  return [...new Set(words)].slice(0, SEARCH_MAX_TERMS);
}

/** A query that names a request by its number: `1234`, `#1234`, `no. 1234`. */
export function requestIdOf(query: string): number | null {
  const match = /^\s*(?:no\.?\s*|n\.?\s*|#)?(\d{1,9})\s*$/i.exec(query);
  if (!match?.[1]) return null;
  const id = Number(match[1]);
  return id > 0 ? id : null;
}

/**
 * Whether a query names the applicant exactly: their surname, or their full name (first and last,
 * either order, or with the middle name between), accents and case ignored as in every search.
 * Such requests are listed right after the one whose number was typed, before those whose words
 * merely begin with the query's.
 */
export function isExactNameOf(
  query: string,
  applicant: { first_name: string; middle_name?: string | null; last_name: string },
): boolean {
  return exactNamesOf(applicant).includes(normaliseSearchText(query));
}

/**
 * Every query that names the applicant exactly (`isExactNameOf`), normalised: the surname, first
 * and last in either order, first, middle and last; none when the surname is empty (an erased
 * account). The API keeps them as keys of the applicant's requests (`practice_name_keys`), so an
 * exact name is looked up, not searched for.
 */
export function exactNamesOf(applicant: {
  first_name: string;
  middle_name?: string | null;
  last_name: string;
}): string[] {
  const [first, middle, last] = [applicant.first_name, applicant.middle_name ?? '', applicant.last_name].map(
    normaliseSearchText,
  );
  if (!last) return [];
  const names = [[last], [first, last], [last, first], [first, middle, last]];
  return [...new Set(names.map((parts) => parts.filter(Boolean).join(' ')))];
}

export type SearchableRequest = {
  applicant: {
    first_name: string;
    middle_name?: string | null;
    last_name: string;
    email: string;
    tax_id?: string | null;
  };
  /** The names as on the diploma, when they differ from the account's. */
  diploma_names?: readonly (string | null | undefined)[];
  qualification_name?: string | null;
  /** The institution, and the teaching institution and awarding body where they differ. */
  institutions?: readonly (string | null | undefined)[];
  /** Countries as ISO codes: the education system's, the institution's. */
  countries?: readonly (string | null | undefined)[];
};

/**
 * The text a request is found by: every field above, normalised, each word once. A country is
 * there as its code and its name in every interface language (`it italy italia`).
 */
export function requestSearchText(request: SearchableRequest): string {
  const countries = (request.countries ?? []).filter((code): code is string => Boolean(code));
  const parts = [
    request.applicant.first_name,
    request.applicant.middle_name,
    request.applicant.last_name,
    request.applicant.email,
    request.applicant.tax_id,
    ...(request.diploma_names ?? []),
    request.qualification_name,
    ...(request.institutions ?? []),
    ...countries.flatMap((code) => [code, ...LOCALES.map((locale) => countryName(code, locale))]),
  ];
  const words = parts.flatMap((part) => (part ? normaliseSearchText(part).split(' ') : []));
  return [...new Set(words.filter(Boolean))].join(' ');
}

/**
 * A query worth asking: RESOURCE_SEARCH_MIN_CHARS characters (spec §9), or a request's number of
 * any length (`3` finds request #3; issue 33).
 */
export const isSearchableQuery = (query: string): boolean =>
  query.trim().length >= RESOURCE_SEARCH_MIN_CHARS || requestIdOf(query) !== null;

/** GET /staff/search: a searchable query (above), results as one types. */
export const staffSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200)
    .superRefine((value, ctx) => {
      // Worded like a string's minimum length: 'Minimum length 2 characters'.
      if (!isSearchableQuery(value))
        ctx.addIssue({
          code: 'too_small',
          origin: 'string',
          minimum: RESOURCE_SEARCH_MIN_CHARS,
          inclusive: true,
          input: value,
        });
    }),
  limit: decimalInteger(z.number().int().positive().max(20).default(8)),
});
export type StaffSearchQuery = z.infer<typeof staffSearchQuerySchema>;

export const staffSearchResultSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(PRACTICE_STATUSES),
    status_label: z.enum(STATUS_LABELS),
    /** Appeal or amendment, null when neither (optional like the request's own). */
    appeal_type: z.enum(APPEAL_TYPES).nullable().optional(),
    country: z.string(),
    qualification_name: z.string().nullable(),
    applicant: z.object({ first_name: z.string(), last_name: z.string(), email: z.string() }),
    /** Found by its number rather than by its words. */
    is_id_match: z.boolean(),
    /**
     * The applicant answered the evaluator's question, who has not acted since: the queue's second
     * label beside the status (`isAnsweredByApplicant`), which a result shows as well.
     */
    applicant_answered: z.boolean(),
    /**
     * Working days left to the deadline that runs, and their flag: the queue's deadline label
     * (`deadlineStandingOf`, decision 070), which a result shows as well; null when none runs.
     */
    days_to_go: z.number().int().nullable(),
    deadline_flag: z.enum(DEADLINE_FLAGS).nullable(),
  })
  .meta({ id: 'StaffSearchResult' });
export type StaffSearchResult = z.infer<typeof staffSearchResultSchema>;
