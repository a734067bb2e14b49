import { z } from 'zod';
import { countryCodeSchema } from './countries';

/**
 * A country's code as a form sends it: trimmed, then an ISO 3166-1 alpha-2 country the portal
 * knows (`countryCodeSchema`, upper-cased, as the account's countries are), else 'invalidOption'
 * on its field. Only what is written: a stored code is read with `storedCountryCode`.
 */
export const countryCodeField = z.string().trim().pipe(countryCodeSchema);

/**
 * A country's code as stored and read back, whether or not it is a country the portal knows: an
 * earlier release kept any two characters ('ZZ'), and counted them before upper-casing them, so
 * that 'ßa' was stored as 'SSA' (a letter upper-cases to at most three: 'ﬃ' to 'FFI'). A row of
 * either must still be read. No transform, as a response schema is written back through it.
 */
export const storedCountryCode = z.string().trim().toUpperCase().min(1).max(6);
