import { describe, expect, it } from 'vitest';
import { feeLines, feeTotal, serviceFee } from './invoice';
import type { ServiceDescription } from './reference';

const names = { service: 'Comparability', urgent: 'Urgent processing supplement' };

describe('feeLines', () => {
  it('charges the service alone when ordinary, and the urgent supplement as a line of its own when urgent', () => {
    const fee = { serviceCents: 15000, urgentSupplementCents: 10000 };
    expect(feeLines(fee, false, names)).toEqual({
      lines: [{ description: 'Comparability', total: 15000, net: 12295, vat: 2705 }],
      totals: { total: 15000, net: 12295, vat: 2705 },
    });
    const urgent = feeLines(fee, true, names);
    expect(urgent.lines.map((line) => [line.description, line.total])).toEqual([
      ['Comparability', 15000],
      ['Urgent processing supplement', 10000],
    ]);
    // The lines add up to the totals, VAT apart, to the cent.
    expect(urgent.totals).toEqual({ total: 25000, net: 20492, vat: 4508 });
    expect(urgent.lines.reduce((sum, line) => sum + line.net, 0)).toBe(urgent.totals.net);
    expect(feeTotal(fee, true)).toEqual(urgent.totals);
    expect(feeTotal(fee, false)).toEqual(feeLines(fee, false, names).totals);
  });

  it('prints no line for a supplement of nothing, urgent or not', () => {
    expect(feeLines({ serviceCents: 0, urgentSupplementCents: 0 }, true, names).lines).toEqual([
      { description: 'Comparability', total: 0, net: 0, vat: 0 },
    ]);
  });
});

describe('serviceFee', () => {
  it('totals a described service as the API priced it: the urgent price when urgent', () => {
    const service: ServiceDescription = {
      kind: 'comparability',
      includes_verification: false,
      is_free: false,
      price: { total: 15000, net: 12295, vat: 2705 },
      urgent_price: { total: 25000, net: 20492, vat: 4508 },
      urgent_supplement: { total: 10000, net: 8197, vat: 1803 },
      ordinary_working_days: 60,
      urgent_working_days: 30,
      expected_deadline: '2026-03-02',
      required_documents: [],
    };
    expect(feeTotal(serviceFee(service), false)).toEqual(service.price);
    expect(feeTotal(serviceFee(service), true)).toEqual(service.urgent_price);
    expect(feeTotal(serviceFee({ ...service, urgent_price: null, urgent_supplement: null }), true)).toEqual(
      service.price,
    );
  });
});
