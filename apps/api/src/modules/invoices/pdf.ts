import type { FiscalDocumentKind, Money, PricedLine } from '@lisbon/domain';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { BodyDetails } from '../../platform/config';
import { embedPdfFonts } from '../../platform/pdf/fonts';
import { printable, wrap } from '../../platform/pdf/text-document';

/** The payer's lines as printed: name, tax codes, address. */
export type PayerLines = readonly string[];

export type FiscalDocumentContent = {
  kind: FiscalDocumentKind;
  number: string;
  /** The body's calendar day of issue, dd/mm/yyyy. */
  issuedOn: string;
  issuedAt: Date;
  body: BodyDetails;
  isDemoBody: boolean;
  payer: PayerLines;
  lines: readonly PricedLine[];
  totals: Money;
  vatRatePercent: number;
  paymentReference: string;
  /** The provider as printed (`Stripe`, `Nexi XPay`, …) and its id of the payment, or of the refund. */
  provider: string;
  transactionReference: string;
  /** A credit note: the invoice it corrects. */
  correctsNumber: string | null;
};

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const SIZE = 10;
const LEADING = 14;

/** Italian first, English after: the body is Italian, many payers are not. */
const TITLES = {
  invoice: (number: string) => `Fattura n. ${number} / Invoice no. ${number}`,
  receipt: (number: string) => `Ricevuta n. ${number} / Receipt no. ${number}`,
  credit_note: (number: string) => `Nota di credito n. ${number} / Credit note no. ${number}`,
};

export const euro = (cents: number): string =>
  new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(cents / 100);

type Cursor = { page: PDFPage; y: number };

/** An invoice or receipt as a one- or more-page A4 PDF, with the embedded DejaVu fonts. */
export async function renderFiscalDocumentPdf(content: FiscalDocumentContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const title = TITLES[content.kind](content.number);
  pdf.setTitle(title);
  pdf.setAuthor(content.body.name);
  pdf.setSubject(title);
  pdf.setLanguage('it-IT');
  pdf.setCreationDate(content.issuedAt);
  pdf.setModificationDate(content.issuedAt);
  const { regular, bold } = await embedPdfFonts(pdf);
  const width = A4[0] - 2 * MARGIN;
  const cursor: Cursor = { page: pdf.addPage(A4), y: A4[1] - MARGIN };

  const ensure = (height: number) => {
    if (cursor.y - height >= MARGIN) return;
    cursor.page = pdf.addPage(A4);
    cursor.y = A4[1] - MARGIN;
  };
  const text = (
    value: string,
    options: { x?: number; font?: PDFFont; size?: number; color?: [number, number, number] } = {},
  ) => {
    const font = options.font ?? regular;
    const size = options.size ?? SIZE;
    cursor.page.drawText(printable(font, value), {
      x: options.x ?? MARGIN,
      y: cursor.y,
      size,
      font,
      color: rgb(...(options.color ?? [0, 0, 0])),
    });
  };
  const paragraph = (
    value: string,
    font: PDFFont = regular,
    size = SIZE,
    maxWidth = width,
    color?: [number, number, number],
  ) => {
    for (const line of wrap(font, printable(font, value), size, maxWidth)) {
      ensure(LEADING);
      cursor.y -= LEADING;
      text(line, { font, size, ...(color ? { color } : {}) });
    }
  };
  const gap = (height: number) => {
    cursor.y -= height;
  };
  const rightAligned = (value: string, right: number, font: PDFFont = regular) =>
    text(value, { x: right - font.widthOfTextAtSize(printable(font, value), SIZE), font });

  paragraph(title, bold, 16);
  if (content.isDemoBody) {
    gap(4);
    // Wrapped like any paragraph: on one line it ran past the page's right edge.
    paragraph(
      'DEMO — dati dell’ente di esempio, senza valore fiscale / demo body details, not a valid fiscal document',
      bold,
      SIZE,
      width,
      [0.7, 0.05, 0.1],
    );
  }
  gap(6);
  paragraph(`Data / Date: ${content.issuedOn}`);
  if (content.correctsNumber)
    paragraph(
      `Rettifica la fattura n. ${content.correctsNumber} / Corrects invoice no. ${content.correctsNumber}`,
    );
  gap(12);

  paragraph('Emittente / Issuer', bold);
  for (const line of [content.body.name, content.body.address, `P. IVA / VAT no. ${content.body.vatNumber}`])
    paragraph(line);
  gap(10);
  paragraph('Intestatario / Bill to', bold);
  for (const line of content.payer) paragraph(line);
  gap(16);

  // The lines: description, then net, VAT and total in right-aligned columns.
  const columns = { net: MARGIN + width - 180, vat: MARGIN + width - 90, total: MARGIN + width };
  const descriptionWidth = width - 250;
  ensure(LEADING * 2);
  cursor.y -= LEADING;
  text('Descrizione / Description', { font: bold });
  rightAligned('Imponibile / Net', columns.net, bold);
  rightAligned(`IVA ${content.vatRatePercent}%`, columns.vat, bold);
  rightAligned('Totale / Total', columns.total, bold);
  for (const line of content.lines) {
    const wrapped = wrap(regular, printable(regular, line.description), SIZE, descriptionWidth);
    ensure(LEADING * wrapped.length + 4);
    cursor.y -= LEADING + 4;
    rightAligned(euro(line.net), columns.net);
    rightAligned(euro(line.vat), columns.vat);
    rightAligned(euro(line.total), columns.total);
    wrapped.forEach((part, index) => {
      if (index > 0) cursor.y -= LEADING;
      text(part);
    });
  }
  gap(10);
  cursor.page.drawLine({
    start: { x: MARGIN + width - 260, y: cursor.y },
    end: { x: MARGIN + width, y: cursor.y },
    thickness: 0.5,
  });
  const totals: [string, number][] = [
    ['Imponibile / Net amount', content.totals.net],
    [`IVA / VAT ${content.vatRatePercent}%`, content.totals.vat],
    ['Totale / Total', content.totals.total],
  ];
  for (const [label, amount] of totals) {
    ensure(LEADING);
    cursor.y -= LEADING;
    text(label, { x: MARGIN + width - 260, font: label.startsWith('Totale') ? bold : regular });
    rightAligned(euro(amount), columns.total, label.startsWith('Totale') ? bold : regular);
  }
  gap(18);
  paragraph(
    content.kind === 'credit_note'
      ? `Rimborsato con carta tramite ${content.provider}, riferimento del rimborso / Refunded to the card through ${content.provider}, refund reference: ${content.transactionReference}`
      : `Pagato con carta tramite ${content.provider}, riferimento della transazione / Paid by card through ${content.provider}, transaction reference: ${content.transactionReference}`,
  );
  if (content.kind === 'receipt') {
    gap(6);
    paragraph(
      `Si dichiara di aver ricevuto il pagamento di ${euro(content.totals.total)}. / We confirm that we have received the payment of ${euro(content.totals.total)}.`,
    );
  }
  return pdf.save();
}
