import { calendarDayOf, formatFiscalNumber } from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { renderFiscalDocumentJob } from './render.job';
import { findPaymentDocument, insertFiscalDocument, nextSequence } from './repository';
import type { IssuedDocument } from './service';

export type CreditNoteIssue = {
  paymentId: number;
  issuedAt: Date;
  /** Who gave the money back and its id of the refund (decision 068). */
  provider: string;
  refundReference: string;
};

const description = (invoiceNumber: string) =>
  `Nota di credito: storno totale della fattura n. ${invoiceNumber} / Credit note: full reversal of invoice no. ${invoiceNumber}`;

/**
 * The credit note (nota di credito) of a refunded payment, inside the refund's settling
 * transaction `trx`: the whole of its invoice reversed — the same lines, payer and amounts — with
 * the next number of the credit notes' own yearly sequence (as unbroken as the invoices'), and its
 * PDF queued. Null when the payment has no invoice (nothing was invoiced, so nothing to correct).
 */
export async function issueCreditNote(
  ctx: AppContext,
  trx: Db,
  issue: CreditNoteIssue,
): Promise<IssuedDocument | null> {
  const invoice = await findPaymentDocument(trx, { paymentId: issue.paymentId, kind: 'invoice' });
  if (!invoice) return null;
  const year = Number(calendarDayOf(issue.issuedAt).slice(0, 4));
  const sequence = await nextSequence(trx, 'credit_note', year);
  const number = formatFiscalNumber(year, sequence);
  const now = issue.issuedAt.toISOString();
  const id = await insertFiscalDocument(trx, {
    kind: 'credit_note',
    year,
    sequence,
    number,
    payment_id: issue.paymentId,
    user_id: invoice.user_id,
    issued_at: now,
    description: description(invoice.number),
    amount_net: invoice.amount_net,
    amount_vat: invoice.amount_vat,
    amount_total: invoice.amount_total,
    lines: invoice.lines,
    payer: invoice.payer,
    payment_reference: invoice.payment_reference,
    provider: issue.provider,
    transaction_reference: issue.refundReference,
    corrects_document_id: invoice.id,
    created_at: now,
    updated_at: now,
  });
  await ctx.queue.enqueue(trx, renderFiscalDocumentJob, { fiscalDocumentId: id });
  return { id, kind: 'credit_note', number };
}
