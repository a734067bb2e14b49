import { crc32 } from 'node:zlib';
import { ZIP_DIRECTORY_END, ZIP_LOCAL_HEADER, type ContentFinding, type FormatCheck } from './findings';

/**
 * What a format parser asks of the bytes next: exactly `take` of them (small, handed over in one
 * piece), `skip` some (shown to `see` as they pass), or `scan` the bytes until it says how many
 * it used of those it was offered (fewer: it stops there).
 */
type Want =
  { take: number } | { skip: number; see?: (bytes: Buffer) => void } | { scan: (bytes: Buffer) => number };

/** A parser: sets `isComplete` once the file may end where it is; returns a finding to stop early. */
type Parser = Generator<Want, ContentFinding | null, Buffer | undefined>;
type Progress = { isComplete: boolean };

/**
 * Runs a parser over bytes as they arrive, keeping only the few a `take` asks for: an image is
 * checked without ever being held in memory, and nothing of it is decoded.
 */
class ParserRun implements FormatCheck {
  private readonly progress: Progress = { isComplete: false };
  private readonly parser: Parser;
  private want: Want | null = null;
  private pending: Buffer[] = [];
  private pendingLength = 0;
  private skipLeft = 0;
  private finding: ContentFinding | null = null;

  constructor(start: (progress: Progress) => Parser) {
    this.parser = start(this.progress);
    this.advance(undefined);
  }

  async write(chunk: Buffer): Promise<void> {
    let offset = 0;
    while (this.want && offset < chunk.length) {
      const want = this.want;
      if ('take' in want) {
        const count = Math.min(want.take - this.pendingLength, chunk.length - offset);
        this.pending.push(chunk.subarray(offset, offset + count));
        this.pendingLength += count;
        offset += count;
        if (this.pendingLength === want.take) {
          const bytes = Buffer.concat(this.pending);
          this.pending = [];
          this.pendingLength = 0;
          this.advance(bytes);
        }
      } else if ('skip' in want) {
        const count = Math.min(this.skipLeft, chunk.length - offset);
        want.see?.(chunk.subarray(offset, offset + count));
        this.skipLeft -= count;
        offset += count;
        if (this.skipLeft === 0) this.advance(undefined);
      } else {
        const offered = chunk.subarray(offset);
        const used = want.scan(offered);
        offset += used;
        if (used < offered.length) this.advance(undefined);
      }
    }
  }

  async finish(): Promise<ContentFinding[]> {
    if (this.finding) return [this.finding];
    return this.progress.isComplete ? [] : [{ reason: 'damaged' }];
  }

  private advance(value: Buffer | undefined): void {
    let result = this.parser.next(value);
    // Nothing to wait for: go on at once.
    while (
      !result.done &&
      (('take' in result.value && result.value.take === 0) ||
        ('skip' in result.value && result.value.skip === 0))
    )
      result = this.parser.next(undefined);
    if (result.done) {
      this.want = null;
      this.finding = result.value;
      return;
    }
    this.want = result.value;
    if ('skip' in result.value) this.skipLeft = result.value.skip;
  }
}

const DAMAGED: ContentFinding = { reason: 'damaged' };
const TOO_MANY_PIXELS: ContentFinding = { reason: 'tooManyPixels' };

/** Bit depths each PNG colour type allows (PNG specification, 11.2.2). */
const PNG_BIT_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/**
 * A PNG: the signature, then chunks of a length, a four-letter type, data and a CRC that must
 * match; IHDR first with sane dimensions, at least one IDAT, IEND last and nothing after it.
 */
function* png(progress: Progress, maxPixels: number): Parser {
  yield { skip: 8 };
  let isFirst = true;
  let hasImageData = false;
  for (;;) {
    const head = yield { take: 8 };
    if (!head) return DAMAGED;
    const length = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type)) return DAMAGED;
    if (isFirst !== (type === 'IHDR')) return DAMAGED;
    let crc = crc32(head.subarray(4, 8));
    if (type === 'IHDR') {
      if (length !== 13) return DAMAGED;
      const header = yield { take: 13 };
      if (!header) return DAMAGED;
      crc = crc32(header, crc);
      const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
      const [depth = 0, colour = 0, compression, filter, interlace = 0] = header.subarray(8);
      if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) return DAMAGED;
      if (!PNG_BIT_DEPTHS[colour]?.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1)
        return DAMAGED;
      if (width * height > maxPixels) return TOO_MANY_PIXELS;
    } else {
      yield { skip: length, see: (bytes) => (crc = crc32(bytes, crc)) };
    }
    const stored = yield { take: 4 };
    if (!stored || stored.readUInt32BE(0) !== crc) return DAMAGED;
    isFirst = false;
    if (type === 'IDAT') hasImageData = true;
    if (type === 'IEND') {
      if (length !== 0 || !hasImageData) return DAMAGED;
      progress.isComplete = true;
      // Bytes after IEND are no part of the image: a place to hide another file.
      yield { take: 1 };
      return DAMAGED;
    }
  }
}

const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;
const START_OF_SCAN = 0xda;
const END_OF_IMAGE = 0xd9;

const PDF_HEADER = Buffer.from('%PDF-', 'latin1');

/**
 * Another file after a JPEG's EOI, which a PDF reader or an unzip tool opens from the same bytes (a
 * polyglot, decision 083): a PDF header, or a ZIP's local file header and its end of central
 * directory. Found across chunks: the last few bytes of one are read again with the next.
 */
class RidingFile {
  found: 'PDF document' | 'ZIP archive' | null = null;
  private carry = Buffer.alloc(0);
  private hasZipHeader = false;

  /** How many of `bytes` were read: all of them, or fewer where another file was found. */
  scan(bytes: Buffer): number {
    const combined = Buffer.concat([this.carry, bytes]);
    const stopAt = (at: number) => Math.max(0, Math.min(bytes.length - 1, at - this.carry.length));
    const pdf = combined.indexOf(PDF_HEADER);
    if (pdf !== -1) {
      this.found = 'PDF document';
      return stopAt(pdf);
    }
    this.hasZipHeader ||= combined.includes(ZIP_LOCAL_HEADER);
    const directoryEnd = combined.indexOf(ZIP_DIRECTORY_END);
    if (this.hasZipHeader && directoryEnd !== -1) {
      this.found = 'ZIP archive';
      return stopAt(directoryEnd);
    }
    this.carry = combined.subarray(Math.max(0, combined.length - (PDF_HEADER.length - 1)));
    return bytes.length;
  }
}

/**
 * A JPEG: after SOI, segments of a marker and a length; a frame header (SOFn) with its
 * dimensions before the first scan (SOS); each scan's entropy-coded data up to the next marker;
 * EOI after at least one scan. What follows EOI is left alone (phones append motion-photo videos
 * there), but for another file a reader would open (RidingFile); the markup check still reads it.
 */
function* jpeg(progress: Progress, maxPixels: number): Parser {
  yield { skip: 2 };
  let hasFrame = false;
  let hasScan = false;
  let marker: number | null = null;
  for (;;) {
    if (marker === null) {
      const start = yield { take: 2 };
      if (!start || start[0] !== 0xff) return DAMAGED;
      marker = start[1] ?? 0;
    }
    // Fill bytes (0xFF) may stand before any marker.
    while (marker === 0xff) marker = (yield { take: 1 })?.[0] ?? 0;
    const current: number = marker;
    marker = null;
    if (current === END_OF_IMAGE) {
      if (!hasScan) return DAMAGED;
      progress.isComplete = true;
      const riding = new RidingFile();
      yield { scan: (bytes) => riding.scan(bytes) };
      return riding.found ? { reason: 'activeContent', name: riding.found } : null;
    }
    if (current === 0x01 || isRestart(current)) continue;
    if (current === 0x00 || current === 0xd8) return DAMAGED;
    const size = yield { take: 2 };
    if (!size) return DAMAGED;
    const length = size.readUInt16BE(0);
    if (length < 2) return DAMAGED;
    if (isStartOfFrame(current)) {
      if (length < 8) return DAMAGED;
      const frame = yield { take: length - 2 };
      if (!frame) return DAMAGED;
      const [height, width] = [frame.readUInt16BE(1), frame.readUInt16BE(3)];
      if (width === 0 || height === 0) return DAMAGED;
      if (width * height > maxPixels) return TOO_MANY_PIXELS;
      hasFrame = true;
      continue;
    }
    yield { skip: length - 2 };
    if (current !== START_OF_SCAN) continue;
    if (!hasFrame) return DAMAGED;
    hasScan = true;
    // Entropy-coded data: 0xFF is followed by 0x00 (a stuffed byte) or a restart marker; any other marker ends it.
    for (;;) {
      yield {
        scan: (bytes) => {
          const at = bytes.indexOf(0xff);
          return at === -1 ? bytes.length : at;
        },
      };
      const pair = yield { take: 2 };
      const next = pair?.[1] ?? 0;
      if (next === 0x00 || isRestart(next)) continue;
      marker = next;
      break;
    }
  }
}

export const pngCheck = (maxPixels: number): FormatCheck =>
  new ParserRun((progress) => png(progress, maxPixels));
export const jpegCheck = (maxPixels: number): FormatCheck =>
  new ParserRun((progress) => jpeg(progress, maxPixels));
