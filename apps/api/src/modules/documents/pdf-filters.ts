import { constants, inflateSync } from 'node:zlib';
import { decodePDFRawStream, PDFContext, PDFRawStream } from 'pdf-lib';
import { decodePdfName } from './text-scan';

/**
 * The standard filters of a PDF stream, decoded under a budget (decision 083): FlateDecode with
 * node:zlib (`maxOutputLength` stops a bomb before it is in memory), ASCIIHexDecode,
 * ASCII85Decode, LZWDecode and RunLengthDecode with pdf-lib's decoders (ported from pdf.js, read
 * block by block so the budget is checked as they go), PNG and TIFF predictors by hand (pdf-lib has none).
 */

/** The short names PDF allows for inline images, which readers accept on streams too. */
const FULL_NAMES: Record<string, string> = {
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
  LZW: 'LZWDecode',
  Fl: 'FlateDecode',
  RL: 'RunLengthDecode',
};
const DECODABLE = new Set(['ASCIIHexDecode', 'ASCII85Decode', 'LZWDecode', 'FlateDecode', 'RunLengthDecode']);

export type Predictor = { predictor: number; colors: number; bitsPerComponent: number; columns: number };

/** A stream's filters as its dictionary declares them, with the parameters that change the bytes. */
export type DeclaredFilters = { filters: string[]; predictor: Predictor | null; earlyChange: number };

const NAME = /\/([^\s/[\]<>()%{}]+)/g;
const numberAfter = (dictionary: string, key: string, fallback: number): number => {
  const found = new RegExp(`/${key}\\s+(\\d+)`).exec(dictionary);
  return found ? Number(found[1]) : fallback;
};

/**
 * The filters of the stream whose dictionary ends `dictionary` (the structure before `stream`),
 * or null when it has none. Only the text after the last `obj` keyword is read.
 */
export function declaredFilters(structureBefore: string): DeclaredFilters | null {
  const objAt = structureBefore.search(/\bobj\b(?![\s\S]*\bobj\b)/);
  const dictionary = objAt === -1 ? structureBefore : structureBefore.slice(objAt);
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()%{}]+)/.exec(dictionary)?.[1];
  if (!filter) return null;
  const filters = [...filter.matchAll(NAME)].map((match) => {
    const name = decodePdfName(match[1] ?? '');
    return FULL_NAMES[name] ?? name;
  });
  const predictor = numberAfter(dictionary, 'Predictor', 1);
  return {
    filters,
    predictor:
      predictor > 1
        ? {
            predictor,
            colors: numberAfter(dictionary, 'Colors', 1),
            bitsPerComponent: numberAfter(dictionary, 'BitsPerComponent', 8),
            columns: numberAfter(dictionary, 'Columns', 1),
          }
        : null,
    earlyChange: numberAfter(dictionary, 'EarlyChange', 1),
  };
}

/** Whether the stream's bytes need the decoding here: anything but none or a plain FlateDecode. */
export const needsDecoding = (declared: DeclaredFilters | null): declared is DeclaredFilters =>
  declared !== null &&
  DECODABLE.has(declared.filters[0] ?? '') &&
  (declared.filters.length > 1 || declared.filters[0] !== 'FlateDecode' || declared.predictor !== null);

export class DecodeBudgetExceeded extends Error {}

const CHUNK = 64 * 1024;
const context = PDFContext.create();

function inflateWithin(bytes: Uint8Array, budget: number): Uint8Array {
  try {
    // Z_SYNC_FLUSH: a stream cut short still gives what it holds, as readers show it.
    return inflateSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: Math.max(1, budget) });
  } catch (error) {
    if (error instanceof RangeError) throw new DecodeBudgetExceeded();
    // Damaged data is the reader's problem; what inflates up to the damage is checked by the raw
    // zlib pass of pdf-check.ts when the data is zlib.
    return new Uint8Array(0);
  }
}

function decodeWithPdfLib(
  bytes: Uint8Array,
  filter: string,
  earlyChange: number,
  budget: number,
): Uint8Array {
  const dictionary = context.obj(
    filter === 'LZWDecode'
      ? { Filter: filter, DecodeParms: { EarlyChange: earlyChange } }
      : { Filter: filter },
  );
  const stream = decodePDFRawStream(PDFRawStream.of(dictionary, bytes));
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for (;;) {
      const chunk = stream.getBytes(CHUNK);
      if (chunk.length === 0) break;
      total += chunk.length;
      if (total > budget) throw new DecodeBudgetExceeded();
      chunks.push(Buffer.from(chunk));
    }
  } catch (error) {
    if (error instanceof DecodeBudgetExceeded) throw error;
    // Damaged data: what decoded before the damage is checked.
  }
  return Buffer.concat(chunks);
}

const paeth = (left: number, up: number, upLeft: number): number => {
  const estimate = left + up - upLeft;
  const [toLeft, toUp, toUpLeft] = [
    Math.abs(estimate - left),
    Math.abs(estimate - up),
    Math.abs(estimate - upLeft),
  ];
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
};

/** Undoes a PNG (10–15) or 8-bit TIFF (2) predictor; any other is left as it is. */
export function unpredict(
  bytes: Uint8Array,
  { predictor, colors, bitsPerComponent, columns }: Predictor,
): Uint8Array {
  const pixelBytes = Math.max(1, Math.ceil((colors * bitsPerComponent) / 8));
  const rowBytes = Math.ceil((colors * bitsPerComponent * columns) / 8);
  if (rowBytes < 1) return bytes;
  if (predictor === 2) {
    if (bitsPerComponent !== 8) return bytes;
    const out = Uint8Array.from(bytes);
    for (let row = 0; row < out.length; row += rowBytes)
      for (let index = row + pixelBytes; index < Math.min(row + rowBytes, out.length); index += 1)
        out[index] = ((out[index] ?? 0) + (out[index - pixelBytes] ?? 0)) & 0xff;
    return out;
  }
  if (predictor < 10) return bytes;
  const rows = Math.floor(bytes.length / (rowBytes + 1));
  const out = new Uint8Array(rows * rowBytes);
  for (let row = 0; row < rows; row += 1) {
    const type = bytes[row * (rowBytes + 1)] ?? 0;
    const source = row * (rowBytes + 1) + 1;
    const at = row * rowBytes;
    for (let index = 0; index < rowBytes; index += 1) {
      const raw = bytes[source + index] ?? 0;
      const left = index >= pixelBytes ? (out[at + index - pixelBytes] ?? 0) : 0;
      const up = row > 0 ? (out[at - rowBytes + index] ?? 0) : 0;
      const upLeft = row > 0 && index >= pixelBytes ? (out[at - rowBytes + index - pixelBytes] ?? 0) : 0;
      const base =
        type === 1
          ? left
          : type === 2
            ? up
            : type === 3
              ? (left + up) >> 1
              : type === 4
                ? paeth(left, up, upLeft)
                : 0;
      out[at + index] = (raw + base) & 0xff;
    }
  }
  return out;
}

/**
 * A stream's data through its declared filters, in order, until one that is no standard encoding
 * (an image codec: its output is pixels, not PDF syntax). Every stage's output counts against
 * `budget`; past it, DecodeBudgetExceeded. Answers the decoded bytes and what they cost.
 */
export function decodeWithin(
  raw: Uint8Array,
  declared: DeclaredFilters,
  budget: number,
): { bytes: Uint8Array; decodedBytes: number } {
  let bytes = raw;
  let decodedBytes = 0;
  for (const filter of declared.filters) {
    if (!DECODABLE.has(filter)) break;
    const left = budget - decodedBytes;
    bytes =
      filter === 'FlateDecode'
        ? inflateWithin(bytes, left)
        : decodeWithPdfLib(bytes, filter, declared.earlyChange, left);
    if (declared.predictor && (filter === 'FlateDecode' || filter === 'LZWDecode'))
      bytes = unpredict(bytes, declared.predictor);
    decodedBytes += bytes.length;
    if (decodedBytes > budget) throw new DecodeBudgetExceeded();
  }
  return { bytes, decodedBytes };
}
