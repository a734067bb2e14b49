import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedPdfFonts } from '../src/platform/pdf/fonts';
import { printable } from '../src/platform/pdf/layout';
import { renderTextDocument } from '../src/platform/pdf/text-document';

const NAMES = 'Niccolò Ðorđević, Łucja Wałęsa, Людмила Иванова, Ελένη Παππά';

describe('PDF fonts', () => {
  it('embeds fonts that print Italian letters, every Latin accent, Cyrillic and Greek as written', async () => {
    const pdf = await PDFDocument.create();
    const fonts = await embedPdfFonts(pdf);
    for (const font of [fonts.regular, fonts.bold, fonts.mono]) {
      expect(printable(font, NAMES)).toBe(NAMES);
      expect(printable(font, 'àèéìòù ÀÈÉÌÒÙ')).toBe('àèéìòù ÀÈÉÌÒÙ');
    }
  });

  it('falls back to "?" only for a script the fonts lack', async () => {
    const pdf = await PDFDocument.create();
    const { regular } = await embedPdfFonts(pdf);
    expect(printable(regular, 'Kenji 山田')).toBe('Kenji ??');
  });

  it('writes the fonts into the file (a subset TrueType font), not a reference to a standard font', async () => {
    const bytes = await renderTextDocument({
      title: 'Modulo di consenso',
      paragraphs: [`Io sottoscritto/a ${NAMES} acconsento.`],
      signatureLines: ['Firma'],
      author: 'Lisbon',
      subject: 'Consenso',
      language: 'it-IT',
      createdAt: new Date('2026-01-05T10:00:00Z'),
    });
    const loaded = await PDFDocument.load(bytes);
    const text = Buffer.from(await loaded.save({ useObjectStreams: false })).toString('latin1');
    expect(text).toContain('/FontFile2');
    expect(text).toMatch(/\/BaseFont \/DejaVuSans/);
    expect(text).not.toContain('/Helvetica');
  });
});
