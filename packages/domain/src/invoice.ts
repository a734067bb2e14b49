import { VAT_RATE_PERCENT } from './constants';
import { splitVat } from './money';
import type { Money } from './payments';
import type { ServiceDescription } from './reference';

/** One charge of a payment, in euro cents, VAT included (the service, the urgent supplement, …). */
export type ChargeLine = { description: string; amountCents: number };
export type PricedLine = { description: string } & Money;

/**
 * The lines of an invoice with their bases and VAT, adding up exactly to the document's own split
 * of the grand total (`splitVat`). Each line's exact base is total × 100 / (100 + rate); every line
 * gets it rounded down, and the cents still missing go to the lines with the largest remainders,
 * so a line's base is never a cent away from its exact value and the columns always add up.
 */
export function priceLines(
  lines: readonly ChargeLine[],
  ratePercent: number = VAT_RATE_PERCENT,
): { lines: PricedLine[]; totals: Money } {
  // splitVat checks each line as well: whole, non-negative cents.
  const totals = splitVat(
    lines.reduce((sum, line) => sum + splitVat(line.amountCents, ratePercent).total, 0),
    ratePercent,
  );
  const divisor = 100 + ratePercent;
  const floors = lines.map((line) => {
    const scaled = line.amountCents * 100;
    const net = Math.floor(scaled / divisor);
    return { net, remainder: scaled - net * divisor };
  });
  let missing = totals.net - floors.reduce((sum, line) => sum + line.net, 0);
  const byRemainder = floors
    .map((line, index) => ({ index, remainder: line.remainder }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  const nets = floors.map((line) => line.net);
  for (const { index } of byRemainder) {
    if (missing <= 0) break;
    nets[index] = (nets[index] ?? 0) + 1;
    missing -= 1;
  }
  return {
    lines: lines.map((line, index) => {
      const net = nets[index] ?? 0;
      return { description: line.description, net, vat: line.amountCents - net, total: line.amountCents };
    }),
    totals,
  };
}

/** What a request is charged, in euro cents, VAT included: its service, and the urgent supplement. */
export type RequestFee = { serviceCents: number; urgentSupplementCents: number };

/** The fee of a service as the API describes it (discovery), for `feeLines` and `feeTotal`. */
export const serviceFee = (service: ServiceDescription): RequestFee => ({
  serviceCents: service.price.total,
  urgentSupplementCents: service.urgent_supplement?.total ?? 0,
});

/**
 * The lines a request is charged by, priced as the invoice prints them: the service and, when
 * urgent, the urgent supplement as a line of its own (a supplement of nothing is no line). The
 * checkout, the invoice and the amount the applicant is shown before paying all come from here.
 */
export function feeLines(
  fee: RequestFee,
  isUrgent: boolean,
  descriptions: { service: string; urgent: string },
): { lines: PricedLine[]; totals: Money } {
  return priceLines([
    { description: descriptions.service, amountCents: fee.serviceCents },
    ...(isUrgent && fee.urgentSupplementCents > 0
      ? [{ description: descriptions.urgent, amountCents: fee.urgentSupplementCents }]
      : []),
  ]);
}

/** What a request costs in all, VAT included: the total of its fee lines. */
export const feeTotal = (fee: RequestFee, isUrgent: boolean): Money =>
  splitVat(fee.serviceCents + (isUrgent ? fee.urgentSupplementCents : 0));

/** The number printed on an invoice or receipt: the year and the sequence within it, "2026/000042". */
export const formatFiscalNumber = (year: number, sequence: number): string =>
  `${year}/${String(sequence).padStart(6, '0')}`;
