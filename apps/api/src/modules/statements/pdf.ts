import {
  CERTIFICATE_LABELS,
  CERTIFICATE_SECTIONS,
  certificateFieldText,
  type Certificate,
  type CertificateField,
  type ServiceKind,
} from '@lisbon/domain';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import type { BodyDetails } from '../../platform/config';
import { embedPdfFonts } from '../../platform/pdf/fonts';
import { A4, createFlow, printable, type TextStyle } from '../../platform/pdf/layout';
import { STATEMENT_TEXTS } from './texts';

export type StatementContent = {
  certificate: Certificate;
  transactionHash: string;
  service: ServiceKind;
  verifyUrl: string;
  body: BodyDetails;
  isDemoBody: boolean;
  /** Subject and SHA-256 fingerprint of the signing certificate, printed for manual checks. */
  signer: { subject: string; fingerprint: string };
  /** A statement of appeal attached to the original, or an amended version superseding it (decision 026). */
  variant?: { kind: 'appeal' | 'amendment'; originalId: string } | undefined;
};

const MARGIN = 50;
const SIZE = 9.5;
const LEADING = 12.5;
const LABEL_WIDTH = 165;
const QR_SIZE = 84;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.37, 0.42);
const ACCENT = rgb(0.05, 0.27, 0.55);
const RULE = rgb(0.75, 0.77, 0.8);
/**
 * Between two fields: one point, so that a statement of appeal with long names (two lines each)
 * still fits on one page in Italian with its verification block (issue #20).
 */
const FIELD_GAP = 1;
/** Above a section's heading and below it, to its rule. */
const SECTION_GAP = 18 + 5;

/** A field's printed value: the domain's text, or the transaction hash the statement was issued with. */
const valueOf = (field: CertificateField, content: StatementContent): string =>
  field === 'transaction_hash'
    ? content.transactionHash
    : (certificateFieldText(content.certificate, field, content.certificate.locale) ?? '');

/** The statement as an A4 PDF in the applicant's language, ready to be signed (not saved). */
export async function renderStatement(content: StatementContent): Promise<PDFDocument> {
  const { certificate } = content;
  const texts = STATEMENT_TEXTS[certificate.locale];
  const labels = CERTIFICATE_LABELS[certificate.locale];
  const pdf = await PDFDocument.create();
  const title = content.variant ? texts.variantTitle[content.variant.kind] : texts.title[content.service];
  const publishedAt = new Date(certificate.publish_date);
  pdf.setTitle(`${title} ${certificate.reference_id}`);
  pdf.setAuthor(content.body.name);
  pdf.setSubject(title);
  pdf.setLanguage(certificate.locale);
  pdf.setProducer('Lisbon');
  pdf.setCreator('Lisbon');
  pdf.setCreationDate(publishedAt);
  pdf.setModificationDate(publishedAt);
  const fonts = await embedPdfFonts(pdf);
  const flow = createFlow(pdf, { margin: MARGIN, leading: LEADING });
  const { width } = flow;
  const style = (font: PDFFont, size = SIZE, color = INK): TextStyle => ({ font, size, color });
  const rule = (thickness = 0.6) => flow.rule({ thickness, color: RULE });

  // The body's identity, with the QR code of the verification page beside it.
  const qrTop = flow.y() + 4;
  drawQrCode(flow.page(), content.verifyUrl, {
    x: A4[0] - MARGIN - QR_SIZE + 6,
    y: qrTop - QR_SIZE,
    size: QR_SIZE,
  });
  const header = (text: string, font: PDFFont, size: number, color = INK) =>
    flow.paragraph(text, style(font, size, color), { leading: size + 3, width: width - QR_SIZE - 12 });
  header(content.body.name, fonts.bold, 14, ACCENT);
  flow.down(2);
  header(content.body.address, fonts.regular, SIZE, MUTED);
  header(`${texts.vatNumber} ${content.body.vatNumber}`, fonts.regular, SIZE, MUTED);
  if (content.isDemoBody) header(texts.demo, fonts.bold, SIZE, rgb(0.7, 0.05, 0.1));
  // Below the taller of the two: the body's lines or the QR code.
  flow.down(flow.y() - Math.min(flow.y(), qrTop - QR_SIZE) + 10);
  rule(1);
  flow.down(6);
  flow.paragraph(title, style(fonts.bold, 17));
  flow.down(2);
  flow.paragraph(`${labels.reference_id}: ${certificate.reference_id}`, style(fonts.regular, SIZE, MUTED));
  if (content.variant) {
    const { kind, originalId } = content.variant;
    flow.paragraph(texts.variantNote[kind](originalId), style(fonts.regular, SIZE, MUTED));
  }
  flow.down(4);

  for (const section of CERTIFICATE_SECTIONS) {
    // A section's heading stays with its first field.
    flow.ensure(SECTION_GAP + LEADING);
    flow.down(18);
    flow.line(texts.sections[section.title].toUpperCase(), style(fonts.bold, 8.5, ACCENT));
    flow.down(5);
    rule();
    for (const field of section.fields) {
      const isHash = field === 'transaction_hash';
      flow.row([
        { text: labels[field], style: style(fonts.bold, SIZE, MUTED), x: MARGIN, width: LABEL_WIDTH - 10 },
        {
          text: valueOf(field, content) || '—',
          style: isHash ? style(fonts.mono, 8) : style(fonts.regular),
          x: MARGIN + LABEL_WIDTH,
          width: width - LABEL_WIDTH,
        },
      ]);
      flow.down(FIELD_GAP);
    }
  }

  // How to verify it (the printed address of the QR code), and how it is signed: one block, never
  // split across pages.
  flow.keepTogether(() => {
    flow.down(16);
    rule(1);
    flow.down(4);
    flow.paragraph(texts.verifyHeading, style(fonts.bold));
    flow.paragraph(texts.verifyText, style(fonts.regular));
    flow.paragraph(content.verifyUrl, style(fonts.mono, 8.5, ACCENT));
    flow.down(4);
    flow.paragraph(texts.signedBy(content.body.name), style(fonts.regular, 8, MUTED));
    flow.paragraph(
      `${texts.certificateFingerprint} ${content.signer.fingerprint}`,
      style(fonts.mono, 6.5, MUTED),
    );
  });

  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    const footer = `${certificate.reference_id} · ${texts.page(index + 1, pages.length)}`;
    each.drawText(printable(fonts.regular, footer), {
      x: MARGIN,
      y: MARGIN - 18,
      size: 7.5,
      font: fonts.regular,
      color: MUTED,
    });
  });
  return pdf;
}

/** The QR code as vector squares: sharp at any zoom and in print. */
function drawQrCode(page: PDFPage, text: string, box: { x: number; y: number; size: number }): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = box.size / (modules.size + 2 * quiet);
  // One rectangle per run of dark modules in a row keeps the page small.
  for (let row = 0; row < modules.size; row += 1) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column += 1;
      page.drawRectangle({
        x: box.x + (start + quiet) * cell,
        y: box.y + box.size - (row + quiet + 1) * cell,
        width: (column - start) * cell,
        height: cell,
        color: rgb(0, 0, 0),
      });
    }
  }
}
