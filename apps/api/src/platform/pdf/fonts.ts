import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/** The portal's PDF fonts: regular, bold and monospaced, embedded (subset) into each document. */
export type PdfFonts = { regular: PDFFont; bold: PDFFont; mono: PDFFont };

const require = createRequire(import.meta.url);
const FILES = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  mono: 'DejaVuSansMono.ttf',
} as const;

type FontFiles = Record<keyof PdfFonts, Uint8Array>;
let cache: Promise<FontFiles> | undefined;

const read = (file: string) => readFile(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));

/** The font files, read once: DejaVu carries Latin with every accent, Greek and Cyrillic. */
function fontFiles(): Promise<FontFiles> {
  cache ??= Promise.all([read(FILES.regular), read(FILES.bold), read(FILES.mono)]).then(
    ([regular, bold, mono]) => ({ regular, bold, mono }),
  );
  return cache;
}

/**
 * Embeds the fonts into `pdf`. The standard 14 PDF fonts are not embedded and speak only
 * WinAnsi, so names in other scripts would print as "?"; these print them as written.
 */
export async function embedPdfFonts(pdf: PDFDocument): Promise<PdfFonts> {
  pdf.registerFontkit(fontkit);
  const files = await fontFiles();
  const [regular, bold, mono] = await Promise.all([
    pdf.embedFont(files.regular, { subset: true }),
    pdf.embedFont(files.bold, { subset: true }),
    pdf.embedFont(files.mono, { subset: true }),
  ]);
  return { regular, bold, mono };
}
