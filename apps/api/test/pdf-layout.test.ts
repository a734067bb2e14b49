import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedPdfFonts } from '../src/platform/pdf/fonts';
import { A4, createFlow, wrap } from '../src/platform/pdf/layout';
import { pdfText, pdfTextBoxes } from './pdf';

const LONG_NAME = 'Maria Benedetta Niccolò Ðorđević D’Alessandro de’ Medici Sanseverino';
const LONG_INSTITUTION =
  'Università degli Studi di Napoli Federico II, Dipartimento di Ingegneria Elettrica e delle Tecnologie dell’Informazione';

const fontsOf = async () => {
  const pdf = await PDFDocument.create();
  return { pdf, ...(await embedPdfFonts(pdf)) };
};

describe('wrap', () => {
  it('breaks long names and institutions, accents and all, at spaces within the column', async () => {
    const { regular } = await fontsOf();
    for (const text of [LONG_NAME, LONG_INSTITUTION]) {
      const lines = wrap(regular, text, 9.5, 160);
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines) expect(regular.widthOfTextAtSize(line, 9.5)).toBeLessThanOrEqual(160);
      expect(lines.join(' ')).toBe(text);
    }
  });

  it('cuts a word wider than the column, and keeps the line breaks of the text', async () => {
    const { mono } = await fontsOf();
    const hash = 'a'.repeat(120);
    const lines = wrap(mono, `${hash}\nnext`, 8, 200);
    for (const line of lines) expect(mono.widthOfTextAtSize(line, 8)).toBeLessThanOrEqual(200);
    expect(lines.slice(0, -1).join('')).toBe(hash);
    expect(lines.at(-1)).toBe('next');
  });
});

describe('a flow of text', () => {
  it('continues on a new page what does not fit, every line kept, inside the margins', async () => {
    const { pdf, regular } = await fontsOf();
    const flow = createFlow(pdf, { margin: 50, leading: 12 });
    const words = Array.from({ length: 1500 }, (_, index) => `è${index}`);
    flow.paragraph(words.join(' '), { font: regular, size: 10 });
    expect(pdf.getPageCount()).toBe(2);
    const bytes = await pdf.save();
    expect((await pdfText(bytes)).split(/\s+/).filter(Boolean)).toEqual(words);
    for (const page of await pdfTextBoxes(bytes))
      for (const item of page.items) {
        expect(item.x).toBeGreaterThanOrEqual(50);
        expect(item.x + item.width).toBeLessThanOrEqual(A4[0] - 50 + 0.01);
      }
  });

  it('moves a block kept together whole to the next page when it does not fit', async () => {
    const { pdf, regular } = await fontsOf();
    const flow = createFlow(pdf, { margin: 50, leading: 12 });
    const style = { font: regular, size: 10 };
    // Leave room for two lines, then ask for a block of three.
    flow.down(A4[1] - 100 - 2 * 12 - 6);
    flow.keepTogether(() => {
      for (const line of ['first', 'second', 'third']) flow.paragraph(line, style);
    });
    expect(pdf.getPageCount()).toBe(2);
    const [first, second] = await pdfTextBoxes(await pdf.save());
    expect(first?.items).toEqual([]);
    expect(second?.items.map((item) => item.text)).toEqual(['first', 'second', 'third']);
  });

  it('writes a block kept together where it is when it fits', async () => {
    const { pdf, regular } = await fontsOf();
    const flow = createFlow(pdf, { margin: 50, leading: 12 });
    flow.down(A4[1] - 100 - 3 * 12);
    flow.keepTogether(() => {
      for (const line of ['first', 'second', 'third']) flow.paragraph(line, { font: regular, size: 10 });
    });
    expect(pdf.getPageCount()).toBe(1);
  });
});
