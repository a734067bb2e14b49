import { VAT_RATE_PERCENT } from './constants';
import type { Money } from './payments';

/**
 * Splits a VAT-inclusive total into base and VAT with integer-cent arithmetic: the base is the
 * total divided by (1 + rate), rounded half up, and the VAT is what remains, so the parts always
 * add up to the total (3000 → 2459 + 541 at 22 %).
 */
export function splitVat(totalCents: number, ratePercent: number = VAT_RATE_PERCENT): Money {
  if (!Number.isInteger(totalCents) || totalCents < 0) {
    throw new RangeError('A price is a whole, non-negative number of cents');
  }
  const net = Math.floor((totalCents * 100 * 2 + (100 + ratePercent)) / ((100 + ratePercent) * 2));
  return { net, vat: totalCents - net, total: totalCents };
}
