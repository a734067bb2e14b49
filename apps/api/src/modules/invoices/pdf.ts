import { type FiscalDocumentKind, formatEuros, type Money, type PricedLine } from '@lisbon/domain';
import { PDFDocument, rgb } from 'pdf-lib';
import type { BodyDetails } from '../../platform/config';
import { embedPdfFonts } from '../../platform/pdf/fonts';
import { createFlow, type Cell, type TextStyle } from '../../platform/pdf/layout';

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

const MARGIN = 56;
const SIZE = 10;
const LEADING = 14;

/** Italian first, English after: the body is Italian, many payers are not. */
const TITLES = {
  invoice: (number: string) => `Fattura n. ${number} / Invoice no. ${number}`,
  receipt: (number: string) => `Ricevuta n. ${number} / Receipt no. ${number}`,
  credit_note: (number: string) => `Nota di credito n. ${number} / Credit note no. ${number}`,
};

/** Amounts as Italian fiscal documents write them, whatever the reader's language. */
export const euro = (cents: number): string => formatEuros(cents, 'it-IT');

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
  const flow = createFlow(pdf, { margin: MARGIN, leading: LEADING });
  const { width } = flow;
  const plain: TextStyle = { font: regular, size: SIZE };
  const strong: TextStyle = { font: bold, size: SIZE };
  const paragraph = (value: string, style = plain) => flow.paragraph(value, style);

  paragraph(title, { font: bold, size: 16 });
  if (content.isDemoBody) {
    flow.down(4);
    paragraph(
      'DEMO — dati dell’ente di esempio, senza valore fiscale / demo body details, not a valid fiscal document',
      { ...strong, color: rgb(0.7, 0.05, 0.1) },
    );
  }
  flow.down(6);
  paragraph(`Data / Date: ${content.issuedOn}`);
  if (content.correctsNumber)
    paragraph(
      `Rettifica la fattura n. ${content.correctsNumber} / Corrects invoice no. ${content.correctsNumber}`,
    );
  flow.down(12);

  paragraph('Emittente / Issuer', strong);
  for (const line of [content.body.name, content.body.address, `P. IVA / VAT no. ${content.body.vatNumber}`])
    paragraph(line);
  flow.down(10);
  paragraph('Intestatario / Bill to', strong);
  for (const line of content.payer) paragraph(line);
  flow.down(16);

  // The lines: description, then net, VAT and total in right-aligned columns.
  const amount = (text: string, right: number, style = plain): Cell => ({ text, style, right });
  const columns = { net: MARGIN + width - 180, vat: MARGIN + width - 90, total: MARGIN + width };
  const description = (text: string, style = plain): Cell => ({ text, style, x: MARGIN, width: width - 250 });
  flow.ensure(LEADING * 2);
  flow.row([
    description('Descrizione / Description', strong),
    amount('Imponibile / Net', columns.net, strong),
    amount(`IVA ${content.vatRatePercent}%`, columns.vat, strong),
    amount('Totale / Total', columns.total, strong),
  ]);
  for (const line of content.lines) {
    // A line and its amounts stay on one page.
    flow.keepTogether(() => {
      flow.down(4);
      flow.row([
        description(line.description),
        amount(euro(line.net), columns.net),
        amount(euro(line.vat), columns.vat),
        amount(euro(line.total), columns.total),
      ]);
    });
  }
  flow.down(10);
  flow.rule({ from: MARGIN + width - 260, thickness: 0.5 });
  const totals: [string, number, TextStyle][] = [
    ['Imponibile / Net amount', content.totals.net, plain],
    [`IVA / VAT ${content.vatRatePercent}%`, content.totals.vat, plain],
    ['Totale / Total', content.totals.total, strong],
  ];
  for (const [label, value, style] of totals)
    flow.row([
      { text: label, style, x: MARGIN + width - 260, width: 160 },
      amount(euro(value), columns.total, style),
    ]);
  flow.down(18);
  paragraph(
    content.kind === 'credit_note'
      ? `Rimborsato con carta tramite ${content.provider}, riferimento del rimborso / Refunded to the card through ${content.provider}, refund reference: ${content.transactionReference}`
      : `Pagato con carta tramite ${content.provider}, riferimento della transazione / Paid by card through ${content.provider}, transaction reference: ${content.transactionReference}`,
  );
  if (content.kind === 'receipt') {
    flow.down(6);
    paragraph(
      `Si dichiara di aver ricevuto il pagamento di ${euro(content.totals.total)}. / We confirm that we have received the payment of ${euro(content.totals.total)}.`,
    );
  }
  return pdf.save();
}
