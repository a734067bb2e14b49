import { z } from 'zod';
import { countryCodeSchema } from './countries';

/**
 * A country's code as a form sends it: trimmed, then an ISO 3166-1 alpha-2 country the portal
 * knows (`countryCodeSchema`, upper-cased, as the account's countries are), else 'invalidOption'
 * on its field. Only what is written: a stored code is read with `storedCountryCode`.
 */
export const countryCodeField = z.string().trim().pipe(countryCodeSchema);

/**
 * A country's code as stored and read back: upper-cased, two characters, whether or not it is a
 * country the portal knows, since an earlier release kept any two characters ('ZZ') and a row of
 * it must still be read. Upper-cased before its length is counted: 'ß' becomes 'SS'. No transform,
 * as a response schema is written back through it.
 */
export const storedCountryCode = z.string().trim().toUpperCase().length(2);
