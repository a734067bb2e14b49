import { describe, expect, it } from 'vitest';
import { RETURN_DELIVERY_FEE } from './constants';
import { splitVat } from './money';

describe('splitVat', () => {
  it('splits the return-delivery fee as spec §9 states it', () => {
    expect(splitVat(3000)).toEqual(RETURN_DELIVERY_FEE);
  });

  it('always adds up to the total, with the base rounded to the nearest cent', () => {
    for (const total of [0, 1, 99, 122, 12_200, 15_000, 19_999, 25_001]) {
      const { net, vat } = splitVat(total);
      expect(net + vat).toBe(total);
      expect(Math.abs(net - (total * 100) / 122)).toBeLessThanOrEqual(0.5);
    }
    expect(splitVat(15_000)).toEqual({ net: 12_295, vat: 2_705, total: 15_000 });
  });

  it('takes another rate and refuses fractions of a cent', () => {
    expect(splitVat(11_000, 10)).toEqual({ net: 10_000, vat: 1_000, total: 11_000 });
    expect(() => splitVat(10.5)).toThrow(RangeError);
    expect(() => splitVat(-1)).toThrow(RangeError);
  });
});
