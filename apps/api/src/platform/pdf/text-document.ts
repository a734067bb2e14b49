import { PDFDocument } from 'pdf-lib';
import { embedPdfFonts } from './fonts';
import { createFlow } from './layout';

/** A plain text document: a title, paragraphs, then labelled lines to fill in by hand (signature, date). */
export type TextDocument = {
  title: string;
  paragraphs: readonly string[];
  signatureLines: readonly string[];
  author: string;
  subject: string;
  language: string;
  createdAt: Date;
};

const MARGIN = 64;
const BODY_SIZE = 11;
const TITLE_SIZE = 16;
/** Line height as a multiple of the font size. */
const LINE_HEIGHT = 1.45;

/** Renders the document as a PDF with the embedded fonts, A4, several pages when the text needs them. */
export async function renderTextDocument(document: TextDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(document.title);
  pdf.setAuthor(document.author);
  pdf.setSubject(document.subject);
  pdf.setLanguage(document.language);
  pdf.setCreationDate(document.createdAt);
  pdf.setModificationDate(document.createdAt);
  const { regular, bold } = await embedPdfFonts(pdf);
  const flow = createFlow(pdf, { margin: MARGIN, leading: BODY_SIZE * LINE_HEIGHT });
  const body = { font: regular, size: BODY_SIZE };

  flow.paragraph(document.title, { font: bold, size: TITLE_SIZE }, { leading: TITLE_SIZE * LINE_HEIGHT });
  flow.down(12);
  for (const paragraph of document.paragraphs) {
    flow.paragraph(paragraph, body);
    flow.down(8);
  }
  flow.down(24);
  for (const label of document.signatureLines) {
    flow.paragraph(`${label} ____________________________________`, body);
    flow.down(18);
  }
  return pdf.save();
}
