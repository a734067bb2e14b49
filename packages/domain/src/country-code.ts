import { z } from 'zod';

/**
 * A country's two-letter code as a form sends it: trimmed and upper-cased, then two characters.
 * Upper-cased first: 'ß' becomes 'SS' and 'ŉ' 'ʼN', so a length checked before it let three
 * characters be kept, which the same rule then refused when the stored value was read back.
 */
export const countryCodeField = z.string().trim().toUpperCase().length(2);
