import { getCountryByCode } from 'postal-code-checker';
import { z } from 'zod';

/**
 * Whether an address in `country` has a zip code. Countries without a postal code system (Ghana,
 * the United Arab Emirates, Hong Kong, …) have none, so one is never asked of their addresses; the
 * list is Google's address data (libaddressinput, the data of Chromium's address forms) as
 * postal-code-checker ships it. A country it does not know is taken to have codes.
 */
export const hasPostalCodes = (country: string | null | undefined): boolean =>
  getCountryByCode(country?.trim() ?? '')?.postalCodePatterns.length !== 0;

/** A billing or shipping address's zip code: optional here, required by `isZipCodeGiven`. */
export const zipCodeField = z
  .string()
  .trim()
  .max(20)
  .nullable()
  .optional()
  // A blank code is no code.
  .transform((value) => value || null);

/** Whether an address gives the zip code its country asks for. */
export const isZipCodeGiven = (value: { zip_code?: string | null; country: string }): boolean =>
  Boolean(value.zip_code) || !hasPostalCodes(value.country);

/**
 * `isZipCodeGiven` as an address schema's refinement: 'required' on `zip_code`, said with the other
 * fields' issues (as a blank field's is) once the country and the code themselves are valid.
 */
export const zipCodeRequired = {
  message: 'required',
  path: ['zip_code'],
  when: ({ issues }: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !issues.some((issue) => issue.path?.[0] === 'country' || issue.path?.[0] === 'zip_code'),
};
