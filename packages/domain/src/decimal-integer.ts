import { z } from 'zod';

const DECIMAL = /^(0|[1-9][0-9]*)$/;

/**
 * A whole number as an address or a query writes it: decimal digits only ("7"), read as a number
 * and then checked by `number`. JavaScript's `Number()`, which `z.coerce.number()` calls, also
 * reads "0x7", "0b111", "7e0", "7.0", "+7", "07" and " 7 " as 7 (one request under many
 * addresses) and a blank as 0; here each is an invalid value. A number given as a number passes as
 * it is. The OpenAPI description still says `integer`, with the number's default when it has one:
 * give the default inside (`decimalInteger(z.number().int().default(1))`), where the description
 * reads it (decision 104).
 */
export const decimalInteger = <T extends z.ZodType<number>>(number: T) =>
  z.preprocess((value) => (typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value), number);
