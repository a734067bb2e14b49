import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decimalInteger } from './decimal-integer';

describe('decimalInteger', () => {
  const id = decimalInteger(z.number().int().positive());

  it('reads decimal digits as the number they write, and passes a number as it is', () => {
    expect(id.parse('7')).toBe(7);
    expect(id.parse('2147483647')).toBe(2147483647);
    expect(id.parse(7)).toBe(7);
  });

  it('refuses what JavaScript’s Number() would also read as 7, and a blank', () => {
    for (const written of ['0x7', '0b111', '0o7', '7e0', '7.0', '+7', '07', ' 7 ', '', 'Infinity'])
      expect(id.safeParse(written).success, JSON.stringify(written)).toBe(false);
  });

  it('leaves the range to the number’s own schema', () => {
    expect(id.safeParse('0').success).toBe(false);
    expect(decimalInteger(z.number().int().min(0)).parse('0')).toBe(0);
  });
});
