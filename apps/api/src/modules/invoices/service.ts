import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  type BillingInfoView,
  billingInfoViewSchema,
  calendarDayOf,
  FISCAL_DOCUMENT_KINDS,
  type FiscalDocument,
  type FiscalSubject,
  formatFiscalNumber,
  INVOICE_SORT_FIELDS,
  type InvoicesQuery,
  type ListMeta,
  type Money,
  PAYMENT_DOCUMENT_KINDS,
  paymentProviderLabel,
  type PricedLine,
  SERVICE_KINDS,
  sortOf,
  VAT_RATE_PERCENT,
} from '@lisbon/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { StoredFileMissingError } from '../../platform/storage/storage';
import type { SessionUser } from '../sessions/service';
import { payerLines } from './payer';
import { renderFiscalDocumentPdf } from './pdf';
import { renderFiscalDocumentJob } from './render.job';
import {
  findDocumentNumbers,
  findFiscalDocumentRow,
  findPaymentSubjects,
  insertFiscalDocument,
  listFiscalDocumentRows,
  nextSequence,
  setStorageKey,
  type FiscalDocumentRow,
  type PaymentSubjectRow,
} from './repository';

export type FiscalDocumentKind = (typeof FISCAL_DOCUMENT_KINDS)[number];

export type FiscalIssue = {
  paymentId: number;
  userId: number;
  issuedAt: Date;
  description: string;
  lines: readonly PricedLine[];
  totals: Money;
  payer: BillingInfoView;
  /** The provider and its session id: how the payment is found on the provider's side. */
  paymentReference: string;
  /** Who took the money (`sandbox`, `stripe`, `nexi`) and its own id of the transaction (decision 067). */
  provider: string;
  transactionReference: string;
};

export type IssuedDocument = { id: number; kind: FiscalDocumentKind; number: string };

/**
 * One invoice and one receipt for a settled payment, inside the settling transaction `trx`: each
 * takes the next number of its kind's sequence for the body's year, and its PDF is queued.
 */
export async function issueFiscalDocuments(
  ctx: AppContext,
  trx: Db,
  issue: FiscalIssue,
): Promise<IssuedDocument[]> {
  const year = Number(calendarDayOf(issue.issuedAt).slice(0, 4));
  const issued: IssuedDocument[] = [];
  for (const kind of PAYMENT_DOCUMENT_KINDS) {
    const sequence = await nextSequence(trx, kind, year);
    const number = formatFiscalNumber(year, sequence);
    const now = issue.issuedAt.toISOString();
    const id = await insertFiscalDocument(trx, {
      kind,
      year,
      sequence,
      number,
      payment_id: issue.paymentId,
      user_id: issue.userId,
      issued_at: now,
      description: issue.description,
      amount_net: issue.totals.net,
      amount_vat: issue.totals.vat,
      amount_total: issue.totals.total,
      lines: JSON.stringify(issue.lines),
      payer: JSON.stringify(issue.payer),
      payment_reference: issue.paymentReference,
      provider: issue.provider,
      transaction_reference: issue.transactionReference,
      corrects_document_id: null,
      created_at: now,
      updated_at: now,
    });
    await ctx.queue.enqueue(trx, renderFiscalDocumentJob, { fiscalDocumentId: id });
    issued.push({ id, kind, number });
  }
  return issued;
}

export const kindOf = (value: string): FiscalDocumentKind =>
  FISCAL_DOCUMENT_KINDS.find((kind) => kind === value) ?? 'invoice';

/**
 * What the payment paid for, from the payment and its request (decision 061): a request's service
 * and urgency never change once it is created, so they are what they were at issue.
 */
function subjectOf(row: PaymentSubjectRow | undefined): FiscalSubject | null {
  if (row?.purpose === 'delivery' && row.delivery_id !== null) {
    return { kind: 'delivery', delivery_id: row.delivery_id };
  }
  const service = SERVICE_KINDS.find((kind) => kind === row?.service);
  if (row?.purpose === 'practice' && row.practice_id !== null && service) {
    return { kind: 'request', practice_id: row.practice_id, service, is_urgent: row.is_urgent === 1 };
  }
  return null;
}

/**
 * Who took the money and their reference, as issued (migration 2026-11-26-100 filled both for
 * the documents from before): the columns are nullable only for that history.
 */
const paidThrough = (row: FiscalDocumentRow) => ({
  provider: row.provider ?? 'sandbox',
  transactionReference: row.transaction_reference ?? row.payment_reference,
});

/** The documents as the API shows them, each with its subject (one query for them all). */
async function toFiscalDocuments(
  ctx: AppContext,
  rows: readonly FiscalDocumentRow[],
): Promise<FiscalDocument[]> {
  const subjects = await findPaymentSubjects(ctx.db, [...new Set(rows.map((row) => row.payment_id))]);
  const byPayment = new Map(subjects.map((subject) => [subject.payment_id, subject]));
  const corrected = rows.flatMap((row) =>
    row.corrects_document_id === null ? [] : [row.corrects_document_id],
  );
  const correctedNumbers = await findDocumentNumbers(ctx.db, corrected);
  return rows.map((row) => ({
    id: row.id,
    kind: kindOf(row.kind),
    number: row.number,
    issued_at: row.issued_at,
    payment_id: row.payment_id,
    amount: { net: row.amount_net, vat: row.amount_vat, total: row.amount_total },
    description: row.description,
    subject: subjectOf(byPayment.get(row.payment_id)),
    provider: paidThrough(row).provider,
    transaction_reference: paidThrough(row).transactionReference,
    corrects_number:
      row.corrects_document_id === null ? null : (correctedNumbers.get(row.corrects_document_id) ?? null),
  }));
}

/** The actor's own document; anyone else's is "not found", exactly like an id that does not exist. */
async function findOwnFiscalDocument(ctx: AppContext, actor: SessionUser, id: number) {
  const row = await findFiscalDocumentRow(ctx.db, id);
  if (!row || row.user_id !== actor.id) throw new AppError('NOT_FOUND');
  return row;
}

export async function listFiscalDocuments(
  ctx: AppContext,
  actor: SessionUser,
  query: InvoicesQuery,
): Promise<{ data: FiscalDocument[]; meta: ListMeta }> {
  const sort = query.sort ?? '-created_at';
  const { rows, total } = await listFiscalDocumentRows(ctx.db, {
    userId: actor.id,
    kind: query.kind,
    sort: sortOf(INVOICE_SORT_FIELDS, sort),
    page: query.page,
    perPage: query.perPage,
  });
  return {
    data: await toFiscalDocuments(ctx, rows),
    meta: { page: query.page, perPage: query.perPage, total, sort },
  };
}

export async function getFiscalDocument(
  ctx: AppContext,
  actor: SessionUser,
  id: number,
): Promise<FiscalDocument> {
  const [document] = await toFiscalDocuments(ctx, [await findOwnFiscalDocument(ctx, actor, id)]);
  if (!document) throw new AppError('NOT_FOUND');
  return document;
}

const linesSchema = z.array(
  z.object({ description: z.string(), net: z.number(), vat: z.number(), total: z.number() }),
);

const dayMonthYear = (date: Date) => calendarDayOf(date).split('-').reverse().join('/');

async function renderRow(ctx: AppContext, row: FiscalDocumentRow): Promise<Uint8Array> {
  const issuedAt = new Date(row.issued_at);
  const corrects =
    row.corrects_document_id === null
      ? undefined
      : await findDocumentNumbers(ctx.db, [row.corrects_document_id]);
  return renderFiscalDocumentPdf({
    kind: kindOf(row.kind),
    number: row.number,
    issuedOn: dayMonthYear(issuedAt),
    issuedAt,
    body: ctx.config.body,
    isDemoBody: ctx.config.areBodyDetailsDemo,
    payer: payerLines(billingInfoViewSchema.parse(JSON.parse(row.payer))),
    lines: linesSchema.parse(JSON.parse(row.lines)),
    totals: { net: row.amount_net, vat: row.amount_vat, total: row.amount_total },
    vatRatePercent: VAT_RATE_PERCENT,
    paymentReference: row.payment_reference,
    provider: paymentProviderLabel(paidThrough(row).provider),
    transactionReference: paidThrough(row).transactionReference,
    correctsNumber:
      row.corrects_document_id === null ? null : (corrects?.get(row.corrects_document_id) ?? null),
  });
}

async function storeRendered(ctx: AppContext, row: FiscalDocumentRow, isReplacing: boolean) {
  const bytes = await renderRow(ctx, row);
  const key = await ctx.storage.write(Readable.from(Buffer.from(bytes)));
  // Two runs at once (the job and a download): the first stored key wins, the other file goes.
  if (!(await setStorageKey(ctx.db, { id: row.id, key, isReplacing }))) await ctx.storage.remove(key);
  return bytes;
}

/** The rendering job: renders and stores the PDF unless it is already there. */
export async function storeFiscalDocumentPdf(ctx: AppContext, id: number): Promise<void> {
  const row = await findFiscalDocumentRow(ctx.db, id);
  if (!row || row.storage_key) return;
  await storeRendered(ctx, row, false);
}

const FILE_PREFIX = {
  invoice: 'fattura-invoice',
  receipt: 'ricevuta-receipt',
  credit_note: 'nota-di-credito-credit-note',
};

/**
 * GET /invoices/{id}/pdf: the stored PDF, rendered now when the job has not run yet (or the file is
 * lost). Read whole (a page or two, tens of kilobytes; its size is not kept), so that it is sent
 * with its length, as every other private file.
 */
export async function openFiscalDocumentPdf(
  ctx: AppContext,
  actor: SessionUser,
  id: number,
): Promise<{ content: Buffer; size: number; fileName: string }> {
  const row = await findOwnFiscalDocument(ctx, actor, id);
  const fileName = `${FILE_PREFIX[kindOf(row.kind)]}-${row.number.replace('/', '-')}.pdf`;
  const file = (content: Buffer) => ({ content, size: content.byteLength, fileName });
  if (row.storage_key) {
    try {
      return file(await buffer(await ctx.storage.read(row.storage_key)));
    } catch (error) {
      if (!(error instanceof StoredFileMissingError)) throw error;
    }
  }
  return file(Buffer.from(await storeRendered(ctx, row, row.storage_key !== null)));
}
