import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { constants, inflateRaw } from 'node:zlib';
import {
  decodePDFRawStream,
  PDFArray,
  PDFContext,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFObjectParser,
  PDFRawStream,
  PDFRef,
  type PDFObject,
} from 'pdf-lib';
import { decodePdfName } from './text-scan';

/**
 * The standard filters of a PDF stream, decoded under a budget (decision 083): FlateDecode with
 * node:zlib (`maxOutputLength` stops a bomb before it is in memory), ASCIIHexDecode,
 * ASCII85Decode, LZWDecode and RunLengthDecode with pdf-lib's decoders (ported from pdf.js, read
 * block by block so the budget is checked as they go), PNG and TIFF predictors by hand (pdf-lib has none).
 * A stream's dictionary is read with pdf-lib's object parser, as readers read it.
 */

/** The short names PDF allows for inline images, which readers accept on streams too. */
const FULL_NAMES: Record<string, string> = {
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
  LZW: 'LZWDecode',
  Fl: 'FlateDecode',
  RL: 'RunLengthDecode',
  CCF: 'CCITTFaxDecode',
  DCT: 'DCTDecode',
};
const DECODABLE = new Set(['ASCIIHexDecode', 'ASCII85Decode', 'LZWDecode', 'FlateDecode', 'RunLengthDecode']);
/** ISO 32000's filters: the encodings above, the image codecs (their output is pixels) and Crypt. */
const STANDARD = new Set([...DECODABLE, 'CCITTFaxDecode', 'JBIG2Decode', 'DCTDecode', 'JPXDecode', 'Crypt']);

export type Predictor = { predictor: number; colors: number; bitsPerComponent: number; columns: number };
/** The bit depths ISO 32000 allows a predictor's samples (7.4.4.4); any other is refused. */
const BITS_PER_COMPONENT = new Set([1, 2, 4, 8, 16]);

/** One stage of a stream's filter chain, with the parameters that change its bytes. */
export type FilterStage = { filter: string; predictor: Predictor | null; earlyChange: number };

/**
 * What the check reads of a stream's dictionary: its filter chain, its `/Length` when it is
 * written there (not by reference), and whether it is an object stream.
 */
export type StreamDictionary = { stages: FilterStage[]; length: number | null; isObjectStream: boolean };

/**
 * A dictionary whose encoding the check cannot follow as a reader would: a filter or its
 * parameters given by reference, a filter ISO 32000 does not define, `/F` and `/Filter` that
 * disagree. No producer writes these; a reader may still decode them, so the file is refused.
 */
export const UNFOLLOWABLE = 'unfollowable';

const context = PDFContext.create();
const fullName = (name: string) => FULL_NAMES[name] ?? name;

const NAME = /\/([^\s/[\]<>()%{}]+)/g;
const numberAfter = (dictionary: string, key: string, fallback: number): number => {
  const found = new RegExp(`/${key}\\s+(\\d+)`).exec(dictionary);
  return found ? Number(found[1]) : fallback;
};

/** The dictionary `text` holds, whole: one dictionary and nothing after it but blanks and comments. */
function parsedDictionary(text: string): PDFDict | null {
  try {
    // Read as an array's only element: anything left after the dictionary makes a second one.
    const parsed = PDFObjectParser.forBytes(Buffer.from(`[${text}\n]`, 'latin1'), context).parseObject();
    const only = parsed instanceof PDFArray && parsed.size() === 1 ? parsed.get(0) : undefined;
    return only instanceof PDFDict ? only : null;
  } catch {
    return null;
  }
}

/** A number a stage's parameters hold, by key: its default when absent, null when by reference. */
function numberIn(parms: PDFDict, key: string, fallback: number): number | null {
  const value = parms.get(PDFName.of(key));
  if (value instanceof PDFRef) return null;
  return value instanceof PDFNumber ? value.asNumber() : fallback;
}

/** A stage's parameters from its `/DecodeParms` entry (a dictionary, or anything else for none). */
function stageOf(filter: string, parms: PDFObject | undefined): FilterStage | typeof UNFOLLOWABLE {
  if (parms instanceof PDFRef) return UNFOLLOWABLE;
  if (!(parms instanceof PDFDict)) return { filter, predictor: null, earlyChange: 1 };
  const predictor = numberIn(parms, 'Predictor', 1);
  const colors = numberIn(parms, 'Colors', 1);
  const bitsPerComponent = numberIn(parms, 'BitsPerComponent', 8);
  const columns = numberIn(parms, 'Columns', 1);
  const earlyChange = numberIn(parms, 'EarlyChange', 1);
  if (
    predictor === null ||
    colors === null ||
    bitsPerComponent === null ||
    columns === null ||
    earlyChange === null ||
    !BITS_PER_COMPONENT.has(bitsPerComponent)
  )
    return UNFOLLOWABLE;
  return {
    filter,
    predictor: predictor > 1 ? { predictor, colors, bitsPerComponent, columns } : null,
    earlyChange,
  };
}

/** The filter chain of a parsed dictionary, as pdf.js reads it (`/F` or `/Filter`, `/DP` or `/DecodeParms`). */
function stagesOf(dictionary: PDFDict): FilterStage[] | typeof UNFOLLOWABLE {
  const entry = (key: string) => dictionary.get(PDFName.of(key));
  const [filter, short] = [entry('Filter'), entry('F')];
  const isFilterValue = (value: PDFObject | undefined) =>
    value instanceof PDFName || value instanceof PDFArray || value instanceof PDFRef;
  // `/F` is a file specification on a stream, but readers take it for `/Filter` too.
  if (isFilterValue(filter) && isFilterValue(short) && filter?.toString() !== short?.toString())
    return UNFOLLOWABLE;
  const chain = isFilterValue(filter) ? filter : isFilterValue(short) ? short : undefined;
  const parms = entry('DecodeParms') ?? entry('DP');
  if (chain === undefined) return [];
  if (chain instanceof PDFRef || parms instanceof PDFRef) return UNFOLLOWABLE;
  const names = chain instanceof PDFArray ? chain.asArray() : [chain];
  const stages: FilterStage[] = [];
  for (const [index, name] of names.entries()) {
    if (!(name instanceof PDFName)) return UNFOLLOWABLE;
    const filterName = fullName(name.decodeText());
    if (!STANDARD.has(filterName)) return UNFOLLOWABLE;
    const stageParms =
      chain instanceof PDFArray ? (parms instanceof PDFArray ? parms.get(index) : undefined) : parms;
    const stage = stageOf(filterName, stageParms);
    if (stage === UNFOLLOWABLE) return UNFOLLOWABLE;
    stages.push(stage);
  }
  return withoutCrypt(stages);
}

/**
 * `/Crypt` in a file that is not encrypted (an encrypted one is refused) can only be its Identity
 * filter, which readers pass by: the stages after it are what a reader decodes, so they are what
 * the check decodes (a `/Crypt` first in the chain hid JavaScript and bombs).
 */
const withoutCrypt = (stages: FilterStage[]): FilterStage[] =>
  stages.filter((stage) => stage.filter !== 'Crypt');

/** How many `N G obj` headers, from the last, are tried for a stream's dictionary. */
const HEADERS_TRIED = 8;

/**
 * The dictionary of the stream whose `stream` keyword ends `structureBefore` (the structure since
 * the previous stream): read with pdf-lib's parser from the last `N G obj` header after which one
 * whole dictionary stands (a header written inside a string or a name is passed over). When no
 * header gives one, the filters are guessed from the text after the last `obj`, as a careless
 * writer's file is read.
 */
export function readStreamDictionary(structureBefore: string): StreamDictionary | typeof UNFOLLOWABLE | null {
  // The last few only: each try parses to the end, and a file could hold a header per line.
  const headers = [...structureBefore.matchAll(/\b\d+\s+\d+\s+obj\b/g)].slice(-HEADERS_TRIED).reverse();
  for (const header of headers) {
    const dictionary = parsedDictionary(structureBefore.slice((header.index ?? 0) + header[0].length));
    if (!dictionary) continue;
    const stages = stagesOf(dictionary);
    if (stages === UNFOLLOWABLE) return UNFOLLOWABLE;
    const length = dictionary.get(PDFName.of('Length'));
    return {
      stages,
      length: length instanceof PDFNumber ? length.asNumber() : null,
      isObjectStream:
        dictionary.get(PDFName.of('Type')) === PDFName.of('ObjStm') || dictionary.has(PDFName.of('First')),
    };
  }
  return guessedDictionary(structureBefore);
}

/** A `/Filter` (or `/F`) key, before the blanks and the `[` or `/` its value opens with. */
const FILTER_KEY = /\/F(?:ilter)?\s*(?=[[/])/g;
/** A name written at the sticky regex's `lastIndex`. */
const NAME_AT = /\/[^\s/[\]<>()%{}]+/y;

/**
 * The value of the first `/Filter` key that has one, an array (up to its `]`) or a name, found in
 * one pass: a regular expression trying `\[[^\]]*\]` at each key read the rest of the text again
 * for every `/F[` with no `]` after it, work growing with the square of the upload (decision 083).
 */
function firstFilterValue(dictionary: string): string | undefined {
  let isArrayClosable = true;
  for (const key of dictionary.matchAll(FILTER_KEY)) {
    const at = key.index + key[0].length;
    if (dictionary[at] === '[') {
      const end = isArrayClosable ? dictionary.indexOf(']', at) : -1;
      if (end !== -1) return dictionary.slice(at, end + 1);
      // No `]` after this one: none after any later key either.
      isArrayClosable = false;
      continue;
    }
    NAME_AT.lastIndex = at;
    const name = NAME_AT.exec(dictionary);
    if (name) return name[0];
  }
  return undefined;
}

function guessedDictionary(structureBefore: string): StreamDictionary | typeof UNFOLLOWABLE | null {
  const lastObj = [...structureBefore.matchAll(/\bobj\b/g)].at(-1);
  const dictionary = lastObj ? structureBefore.slice(lastObj.index) : structureBefore;
  const filter = firstFilterValue(dictionary);
  if (!filter) return null;
  const predictor = numberAfter(dictionary, 'Predictor', 1);
  const parameters = {
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
  if (parameters.predictor && !BITS_PER_COMPONENT.has(parameters.predictor.bitsPerComponent))
    return UNFOLLOWABLE;
  const stages = [...filter.matchAll(NAME)].map((match) => ({
    filter: fullName(decodePdfName(match[1] ?? '')),
    ...parameters,
  }));
  if (stages.some((stage) => !STANDARD.has(stage.filter))) return UNFOLLOWABLE;
  return {
    stages: withoutCrypt(stages),
    length: null,
    isObjectStream: /\/(?:ObjStm|First)\b/.test(dictionary),
  };
}

/**
 * Where a stream's data ends by its first encoding's own end-of-data marker (RunLength's byte 128,
 * ASCIIHex's `>`, ASCII85's `~>`, LZW's code 257), followed through its raw bytes as they come: a
 * reader that cannot trust the first `endstream` (its `/Length` is a reference) decodes to that
 * marker, so an `endstream` written inside the data does not end it for the check either
 * (decision 083).
 */
export class EncodingEnd {
  isEnded = false;
  /** RunLength: literal bytes still to pass, or the byte of a repeat still to come. */
  private literalLeft = 0;
  private isRepeatNext = false;
  private previous = -1;
  /** LZW: the bits not yet read as a code, and the code table's growth, as pdf.js follows it. */
  private bits = 0;
  private bitCount = 0;
  private codeLength = 9;
  private nextCode = 258;
  private hasPrevious = false;

  constructor(
    private readonly filter: string,
    private readonly earlyChange = 1,
  ) {}

  feed(bytes: Uint8Array): void {
    if (this.filter === 'LZWDecode') {
      this.feedLzw(bytes);
      return;
    }
    let at = 0;
    while (at < bytes.length && !this.isEnded) {
      const byte = bytes[at] ?? 0;
      if (this.filter === 'ASCIIHexDecode') this.isEnded = byte === 0x3e;
      else if (this.filter === 'ASCII85Decode') {
        this.isEnded = this.previous === 0x7e && byte === 0x3e;
        this.previous = byte;
      } else if (this.literalLeft > 0) {
        const passed = Math.min(this.literalLeft, bytes.length - at);
        this.literalLeft -= passed;
        at += passed;
        continue;
      } else if (this.isRepeatNext) this.isRepeatNext = false;
      else if (byte === 128) this.isEnded = true;
      else if (byte < 128) this.literalLeft = byte + 1;
      else this.isRepeatNext = true;
      at += 1;
    }
  }

  /** Codes read most significant bit first, 9 to 12 bits wide; each code after the first adds an entry. */
  private feedLzw(bytes: Uint8Array): void {
    for (const byte of bytes) {
      this.bits = ((this.bits << 8) | byte) >>> 0;
      this.bitCount += 8;
      while (this.bitCount >= this.codeLength && !this.isEnded) {
        this.bitCount -= this.codeLength;
        const code = (this.bits >>> this.bitCount) & ((1 << this.codeLength) - 1);
        this.bits &= (1 << this.bitCount) - 1;
        if (code === 256) {
          [this.codeLength, this.nextCode, this.hasPrevious] = [9, 258, false];
        } else if (code === 257) {
          this.isEnded = true;
        } else {
          if (this.hasPrevious) {
            this.nextCode += 1;
            const reached = this.nextCode + this.earlyChange;
            if ((reached & (reached - 1)) === 0) this.codeLength = Math.min(Math.log2(reached) + 1, 12);
          }
          this.hasPrevious = true;
        }
      }
      if (this.isEnded) return;
    }
  }
}

/** The end marker to follow for a stream encoded `stages`, when its first encoding has one the check reads. */
export const encodingEndOf = (stages: FilterStage[]): EncodingEnd | null => {
  const [first] = stages;
  if (first === undefined) return null;
  return ['RunLengthDecode', 'ASCIIHexDecode', 'ASCII85Decode', 'LZWDecode'].includes(first.filter)
    ? new EncodingEnd(first.filter, first.earlyChange)
    : null;
};

/** Whether the stream's bytes need the decoding here: anything but none or a plain FlateDecode. */
export const needsDecoding = (stages: FilterStage[]): boolean =>
  DECODABLE.has(stages[0]?.filter ?? '') &&
  (stages.length > 1 || stages[0]?.filter !== 'FlateDecode' || stages[0]?.predictor !== null);

export class DecodeBudgetExceeded extends Error {}
/** Flate data that is not deflate past its start: a reader inflates it up to there, and zlib throws its output away. */
export class DamagedData extends Error {}

/**
 * Whether two bytes are a zlib header (RFC 1950): deflate, a window of at most 32 KiB, a valid
 * check. How every FlateDecode stream starts, whatever its dictionary says.
 */
export const isZlibHeader = (first: number, second: number) =>
  (first & 0x0f) === 8 && first >> 4 <= 7 && ((first << 8) | second) % 31 === 0;

/** PDF's white-space characters (ISO 32000-1, 7.2.2): NUL, tab, line feed, form feed, carriage return, space. */
export const isPdfWhitespace = (byte: number): boolean => [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(byte);

const CHUNK = 64 * 1024;
/** The JavaScript decoders give the event loop back after this many chunks (1 MiB): other calls go on. */
const CHUNKS_BETWEEN_TURNS = 16;
const inflateRawOffTheLoop = promisify(inflateRaw);

/** Deflate data that stops being deflate somewhere: zlib gives nothing of it. */
const DAMAGED = Symbol('damaged');

/** Raw deflate under what is left of the budget: Z_SYNC_FLUSH gives what data cut short holds, as readers show it. */
async function inflateRawWithin(bytes: Uint8Array, budget: number): Promise<Uint8Array | typeof DAMAGED> {
  try {
    return await inflateRawOffTheLoop(bytes, {
      finishFlush: constants.Z_SYNC_FLUSH,
      maxOutputLength: Math.max(1, budget),
    });
  } catch (error) {
    if (error instanceof RangeError) throw new DecodeBudgetExceeded();
    return DAMAGED;
  }
}

/** How many bytes of raw deflate that fails are searched for where it fails. */
const DAMAGE_SEARCHED = 64;

/**
 * Whether raw deflate that fails inflates anything before the damage, which a reader shows and
 * zlib throws away. Data that still reads as deflate past its first 64 bytes counts as inflated;
 * within them, the longest prefix that inflates is found by halving, in six tries of at most 64
 * bytes. A zlib stream whose header is damaged fails at its fifth byte with nothing inflated: what
 * could come before one byte's damage with nothing before it is a single byte, no name.
 */
async function inflatesBeforeDamage(bytes: Uint8Array, budget: number): Promise<boolean> {
  let [good, bad] = [0, Math.min(DAMAGE_SEARCHED, bytes.length)];
  if ((await inflateRawWithin(bytes.subarray(0, bad), budget)) !== DAMAGED) return true;
  let isInflated = false;
  while (bad - good > 1) {
    const middle = Math.floor((good + bad) / 2);
    const tried = await inflateRawWithin(bytes.subarray(0, middle), budget);
    if (tried === DAMAGED) bad = middle;
    else [good, isInflated] = [middle, tried.length > 0];
  }
  return isInflated;
}

/**
 * What raw deflate inflates before it stops being deflate, as a reader shows it (zlib gives nothing
 * of data that fails): the longest prefix that inflates is found by halving. A try stops where the
 * data fails, so data that fails early costs little.
 */
async function inflatedUpToDamage(bytes: Uint8Array, budget: number): Promise<Uint8Array> {
  const whole = await inflateRawWithin(bytes, budget);
  if (whole !== DAMAGED) return whole;
  let [good, bad, inflated]: [number, number, Uint8Array] = [0, bytes.length, new Uint8Array(0)];
  while (bad - good > 1) {
    const middle = Math.floor((good + bad) / 2);
    const tried = await inflateRawWithin(bytes.subarray(0, middle), budget);
    if (tried === DAMAGED) bad = middle;
    else [good, inflated] = [middle, tried];
  }
  return inflated;
}

/**
 * FlateDecode data, inflated as a lenient reader inflates it, on libuv's threads (a bomb's gigabyte
 * is refused without holding up other calls):
 * - after a zlib header, raw, so that a wrong Adler-32 checksum or a missing one is no obstacle
 *   (pdf.js shows such a stream);
 * - without one, as raw deflate from its first byte (writers that leave the header out, and
 *   readers that fall back to raw deflate), and after its first two bytes (readers that pass a
 *   damaged zlib header by). When the first reading reads cleanly, both are searched, under one
 *   budget: data can be crafted to read cleanly both ways, a harmless block one way, a script the
 *   other. The second reading is taken up to where it fails (it is garbage in raw deflate that a
 *   writer meant to be read the first way).
 * When the first reading fails, data no reading inflates, or that stops being deflate past where
 * it inflated, throws DamagedData: a reader shows what came before the damage, which zlib does not give.
 */
async function inflateWithin(bytes: Uint8Array, budget: number): Promise<Uint8Array> {
  // Blank data (line ends written around an empty stream) holds nothing: no reader inflates it.
  if (bytes.every(isPdfWhitespace)) return new Uint8Array(0);
  if (isZlibHeader(bytes[0] ?? 0, bytes[1] ?? 0)) {
    const inflated = await inflateRawWithin(bytes.subarray(2), budget);
    if (inflated === DAMAGED) throw new DamagedData();
    return inflated;
  }
  const raw = await inflateRawWithin(bytes, budget);
  if (raw !== DAMAGED) {
    const afterTwo = await inflatedUpToDamage(bytes.subarray(2), budget - raw.length);
    return afterTwo.length === 0 ? raw : Buffer.concat([raw, afterTwo]);
  }
  if (await inflatesBeforeDamage(bytes, budget)) throw new DamagedData();
  const afterHeader = await inflateRawWithin(bytes.subarray(2), budget);
  if (afterHeader === DAMAGED) throw new DamagedData();
  return afterHeader;
}

async function decodeWithPdfLib(
  bytes: Uint8Array,
  filter: string,
  earlyChange: number,
  budget: number,
): Promise<Uint8Array> {
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
      if (chunks.length % CHUNKS_BETWEEN_TURNS === 0) await nextTurn();
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

/** Sample `index` of a row that starts at byte `row`, `bits` wide (1, 2, 4, 8 or 16), big-endian. */
function sampleAt(bytes: Uint8Array, row: number, index: number, bits: number): number {
  if (bits === 16) return ((bytes[row + index * 2] ?? 0) << 8) | (bytes[row + index * 2 + 1] ?? 0);
  const bit = index * bits;
  return ((bytes[row + (bit >> 3)] ?? 0) >> (8 - bits - (bit & 7))) & ((1 << bits) - 1);
}

function setSampleAt(bytes: Uint8Array, row: number, index: number, bits: number, value: number): void {
  if (bits === 16) {
    bytes[row + index * 2] = (value >> 8) & 0xff;
    bytes[row + index * 2 + 1] = value & 0xff;
    return;
  }
  const bit = index * bits;
  const at = row + (bit >> 3);
  const shift = 8 - bits - (bit & 7);
  const mask = ((1 << bits) - 1) << shift;
  bytes[at] = ((bytes[at] ?? 0) & ~mask) | ((value << shift) & mask);
}

/** Undoes a TIFF predictor (2): each sample is the difference from the same colour's sample to its left. */
function untiff(bytes: Uint8Array, colors: number, bits: number, columns: number, rowBytes: number) {
  const out = Uint8Array.from(bytes);
  const samples = colors * columns;
  const mask = bits === 16 ? 0xffff : (1 << bits) - 1;
  for (let row = 0; row < out.length; row += rowBytes)
    for (let index = colors; index < samples; index += 1) {
      const sum = sampleAt(out, row, index, bits) + sampleAt(out, row, index - colors, bits);
      setSampleAt(out, row, index, bits, sum & mask);
    }
  return out;
}

/** Undoes a PNG (10–15) or TIFF (2) predictor; any other is left as it is. */
export function unpredict(
  bytes: Uint8Array,
  { predictor, colors, bitsPerComponent, columns }: Predictor,
): Uint8Array {
  const pixelBytes = Math.max(1, Math.ceil((colors * bitsPerComponent) / 8));
  const rowBytes = Math.ceil((colors * bitsPerComponent * columns) / 8);
  if (rowBytes < 1) return bytes;
  if (predictor === 2) return untiff(bytes, colors, bitsPerComponent, columns, rowBytes);
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
export async function decodeWithin(
  raw: Uint8Array,
  stages: FilterStage[],
  budget: number,
): Promise<{ bytes: Uint8Array; decodedBytes: number }> {
  let bytes = raw;
  let decodedBytes = 0;
  for (const { filter, predictor, earlyChange } of stages) {
    if (!DECODABLE.has(filter)) break;
    const left = budget - decodedBytes;
    bytes =
      filter === 'FlateDecode'
        ? await inflateWithin(bytes, left)
        : await decodeWithPdfLib(bytes, filter, earlyChange, left);
    if (predictor && (filter === 'FlateDecode' || filter === 'LZWDecode'))
      bytes = unpredict(bytes, predictor);
    decodedBytes += bytes.length;
    if (decodedBytes > budget) throw new DecodeBudgetExceeded();
  }
  return { bytes, decodedBytes };
}
