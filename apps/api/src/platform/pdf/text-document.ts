import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { embedPdfFonts } from './fonts';

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

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 64;
const BODY_SIZE = 11;
const TITLE_SIZE = 16;
const LEADING = 1.45;

/**
 * The embedded fonts carry Latin with every accent, Greek and Cyrillic, but not every script: a
 * letter they lack is printed without its accent when that helps, else as "?".
 */
export function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  const isPrintable = (value: string) => [...value].every((char) => supported.has(char.codePointAt(0) ?? -1));
  return [...text]
    .map((char) => {
      if (isPrintable(char)) return char;
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      return base !== '' && isPrintable(base) ? base : '?';
    })
    .join('');
}

export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

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
  const width = A4[0] - 2 * MARGIN;
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;

  const write = (text: string, font: PDFFont, size: number, gapAfter = 0) => {
    for (const line of wrap(font, printable(font, text), size, width)) {
      if (y - size < MARGIN) {
        page = pdf.addPage(A4);
        y = A4[1] - MARGIN;
      }
      y -= size;
      page.drawText(line, { x: MARGIN, y, size, font, color: rgb(0, 0, 0) });
      y -= size * (LEADING - 1);
    }
    y -= gapAfter;
  };

  write(document.title, bold, TITLE_SIZE, 12);
  for (const paragraph of document.paragraphs) write(paragraph, regular, BODY_SIZE, 8);
  y -= 24;
  for (const label of document.signatureLines)
    write(`${label} ____________________________________`, regular, BODY_SIZE, 18);
  return pdf.save();
}
