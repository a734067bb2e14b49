import { rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';

export const A4: [number, number] = [595.28, 841.89];

export type TextStyle = { font: PDFFont; size: number; color?: RGB };

/** A piece of a row: text wrapped to its column, or one line set against a right edge (amounts). */
export type Cell = { text: string; style: TextStyle } & ({ x: number; width: number } | { right: number });

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

/** A word wider than the column, cut where the column ends (a long id or compound name). */
function cut(font: PDFFont, word: string, size: number, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && font.widthOfTextAtSize(piece + char, size) > width) {
      pieces.push(piece);
      piece = char;
    } else {
      piece += char;
    }
  }
  return piece ? [...pieces, piece] : pieces;
}

/** The lines a text takes in a column: broken at spaces and at line breaks, words wider than it cut. */
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const part of text.split(/\n+/)) {
    let line = '';
    for (const word of part.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      const pieces = cut(font, word, size, width);
      line = pieces.pop() ?? '';
      lines.push(...pieces);
    }
    if (line) lines.push(line);
  }
  return lines;
}

/**
 * Text flowing down A4 pages between margins, the one layout of the portal's PDFs (statements,
 * invoices, plain documents): lines wrap to their column, a line that would pass the bottom margin
 * starts a new page, and a block kept together moves whole to the next page rather than leave a
 * line or two behind.
 */
export type Flow = {
  readonly left: number;
  readonly width: number;
  page: () => PDFPage;
  /** The baseline of the last line written. */
  y: () => number;
  /** A new page unless `height` points still fit above the bottom margin. */
  ensure: (height: number) => void;
  down: (height: number) => void;
  /** One line at the current baseline. */
  line: (text: string, style: TextStyle, x?: number) => void;
  /** A text wrapped to the column (or `width` from `x`), one line every `leading` points. */
  paragraph: (
    text: string,
    style: TextStyle,
    options?: { leading?: number; x?: number; width?: number },
  ) => void;
  /** Cells side by side, each wrapped in its column, written line by line across them. */
  row: (cells: readonly Cell[], leading?: number) => void;
  rule: (options?: { from?: number; thickness?: number; color?: RGB }) => void;
  /** Writes a block on this page when it fits there, else whole on the next one. */
  keepTogether: (block: () => void) => void;
};

export function createFlow(pdf: PDFDocument, options: { margin: number; leading: number }): Flow {
  const { margin, leading } = options;
  const left = margin;
  const width = A4[0] - 2 * margin;
  let page = pdf.addPage(A4);
  let y = A4[1] - margin;
  // While a block is measured, nothing is drawn and no page is added: only `y` moves.
  let isMeasuring = false;

  const ensure = (height: number) => {
    if (isMeasuring || y - height >= margin) return;
    page = pdf.addPage(A4);
    y = A4[1] - margin;
  };
  const draw = (text: string, { font, size, color }: TextStyle, x: number) => {
    if (!isMeasuring) page.drawText(text, { x, y, size, font, color: color ?? rgb(0, 0, 0) });
  };
  const line = (text: string, style: TextStyle, x = left) => draw(printable(style.font, text), style, x);
  const row = (cells: readonly Cell[], rowLeading = leading) => {
    const columns = cells.map((cell) =>
      'right' in cell
        ? [printable(cell.style.font, cell.text)]
        : wrap(cell.style.font, printable(cell.style.font, cell.text), cell.style.size, cell.width),
    );
    const count = Math.max(0, ...columns.map((lines) => lines.length));
    for (let index = 0; index < count; index += 1) {
      ensure(rowLeading);
      y -= rowLeading;
      cells.forEach((cell, column) => {
        const text = columns[column]?.[index];
        if (!text) return;
        const x =
          'right' in cell ? cell.right - cell.style.font.widthOfTextAtSize(text, cell.style.size) : cell.x;
        draw(text, cell.style, x);
      });
    }
  };

  return {
    left,
    width,
    page: () => page,
    y: () => y,
    ensure,
    down: (height) => {
      y -= height;
    },
    line,
    paragraph: (text, style, at = {}) =>
      row([{ text, style, x: at.x ?? left, width: at.width ?? width }], at.leading ?? leading),
    row,
    rule: ({ from = left, thickness = 0.6, color = rgb(0, 0, 0) } = {}) => {
      if (!isMeasuring)
        page.drawLine({ start: { x: from, y }, end: { x: left + width, y }, thickness, color });
    },
    keepTogether: (block) => {
      const start = y;
      const wasMeasuring = isMeasuring;
      isMeasuring = true;
      block();
      const height = start - y;
      y = start;
      isMeasuring = wasMeasuring;
      ensure(height);
      block();
    },
  };
}
