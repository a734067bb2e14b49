import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VAT_RATE_PERCENT } from './constants';
import { formatFiscalNumber, priceLines } from './invoice';
import { splitVat } from './money';

const cents = fc.integer({ min: 0, max: 100_000_000 });
const line = fc.record({
  description: fc.string({ maxLength: 20 }),
  amountCents: fc.integer({ min: 0, max: 5_000_000 }),
});

describe('splitVat, for every amount', () => {
  it('adds the base and the VAT up to the total, in whole non-negative cents', () => {
    fc.assert(
      fc.property(cents, (total) => {
        const { net, vat } = splitVat(total);
        expect(Number.isInteger(net) && Number.isInteger(vat)).toBe(true);
        expect(net + vat).toBe(total);
        expect(net).toBeGreaterThanOrEqual(0);
        expect(vat).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('keeps the VAT within one cent of 22 % of the base, and the base within half a cent of exact', () => {
    fc.assert(
      fc.property(cents, (total) => {
        const { net, vat } = splitVat(total);
        expect(Math.abs(vat - (net * VAT_RATE_PERCENT) / 100)).toBeLessThan(1);
        expect(Math.abs(net - (total * 100) / (100 + VAT_RATE_PERCENT))).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('grows with the total: a dearer price never has a smaller base or VAT', () => {
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        const [low, high] = a <= b ? [splitVat(a), splitVat(b)] : [splitVat(b), splitVat(a)];
        expect(high.net).toBeGreaterThanOrEqual(low.net);
        expect(high.vat).toBeGreaterThanOrEqual(low.vat);
      }),
    );
  });
});

describe('priceLines, for every list of charges', () => {
  it('sums the lines exactly to the split of their grand total', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), (charges) => {
        const { lines, totals } = priceLines(charges);
        const sum = (pick: (l: { net: number; vat: number; total: number }) => number) =>
          lines.reduce((acc, l) => acc + pick(l), 0);
        expect(totals).toEqual(splitVat(charges.reduce((acc, c) => acc + c.amountCents, 0)));
        expect(sum((l) => l.net)).toBe(totals.net);
        expect(sum((l) => l.vat)).toBe(totals.vat);
        expect(sum((l) => l.total)).toBe(totals.total);
      }),
    );
  });

  it('keeps every line whole, non-negative and less than a cent from its exact base', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), (charges) => {
        for (const [index, priced] of priceLines(charges).lines.entries()) {
          const total = charges[index]?.amountCents ?? 0;
          expect(priced.total).toBe(total);
          expect(priced.net + priced.vat).toBe(total);
          expect(priced.net).toBeGreaterThanOrEqual(0);
          expect(priced.vat).toBeGreaterThanOrEqual(0);
          expect(Math.abs(priced.net - (total * 100) / (100 + VAT_RATE_PERCENT))).toBeLessThan(1);
        }
      }),
    );
  });

  it('prices a single line exactly as splitVat does', () => {
    fc.assert(
      fc.property(cents, (total) => {
        expect(priceLines([{ description: 'x', amountCents: total }]).lines[0]).toEqual({
          description: 'x',
          ...splitVat(total),
        });
      }),
    );
  });
});

describe('formatFiscalNumber', () => {
  it('writes the year and a six-digit sequence', () => {
    expect(formatFiscalNumber(2026, 1)).toBe('2026/000001');
    expect(formatFiscalNumber(2026, 123_456)).toBe('2026/123456');
  });
});
