import { setImmediate as nextTurn } from 'node:timers/promises';
import { constants, createInflateRaw, type InflateRaw } from 'node:zlib';
import pLimit from 'p-limit';
import {
  PDF_ACTIVE_CONTENT_NAMES,
  PDF_ACTIVE_CONTENT_SHORT_NAMES,
  PDF_ENCRYPTION_NAME,
} from '@lisbon/domain';
import { ZIP_DIRECTORY_END, ZIP_LOCAL_HEADER, type ContentFinding, type FormatCheck } from './findings';
import {
  DamagedData,
  DecodeBudgetExceeded,
  decodeWithin,
  isPdfWhitespace,
  isZlibHeader,
  type EncodingEnd,
  encodingEndOf,
  needsDecoding,
  readStreamDictionary,
  UNFOLLOWABLE,
  type FilterStage,
} from './pdf-filters';
import { LinkScanner } from './pdf-links';
import { carryFor, decodePdfName, pdfNamesPattern, TextScanner } from './text-scan';

/**
 * A stream with declared filters is decoded whole, up to UPLOAD_PDF_MAX_INFLATED_BYTES, before it
 * is searched. One such decoding at a time in the process, whichever upload it belongs to: on one
 * check thread they would only take turns anyway, and forty uploads decoding at once held forty
 * budgets in memory (6.9 GB in a review). The others wait, their uploads held by backpressure.
 */
export const declaredDecodings = pLimit(1);

/** Names looked for in every byte, raw or inflated: long enough never to occur by chance. */
const ANYWHERE = [...PDF_ACTIVE_CONTENT_NAMES, PDF_ENCRYPTION_NAME];
/** An object stream's dictionary holds these (readers need `/First` to use one, decision 058). */
const OBJECT_STREAM_MARKERS = ['ObjStm', 'First'];
/** Names looked for in the structure only: outside stream data, and inside object streams. */
const STRUCTURE = [...PDF_ACTIVE_CONTENT_SHORT_NAMES, ...OBJECT_STREAM_MARKERS];

const ANYWHERE_PATTERN = pdfNamesPattern(ANYWHERE);
const STRUCTURE_PATTERN = pdfNamesPattern(STRUCTURE);

/** Text read in pieces, to its end. */
type Scan = { feed(text: string): void; end(): void };

const STREAM = Buffer.from('stream', 'latin1');
const END = Buffer.from('end', 'latin1');
/** `%%EOF` must stand in the file's last kilobyte, or the file was cut short. */
const TAIL_BYTES = 1024;
/** Decoded data is searched in pieces of this size. */
const DECODED_CHUNK = 1024 * 1024;
const EOF_MARKER = '%%EOF';
/** A plain FlateDecode stream's chain, for one decoded at its end. */
const PLAIN_FLATE: FilterStage[] = [{ filter: 'FlateDecode', predictor: null, earlyChange: 1 }];

const isRegular = (byte: number | undefined) =>
  byte !== undefined && !' \t\n\f\r\0()<>[]{}/%'.includes(String.fromCharCode(byte));

type OpenStream = {
  isObjectStream: boolean;
  /** The first two data bytes, until the zlib header can be judged. */
  header: number[];
  inflater: InflateRaw | null;
  /** The zlib data reached its end (or could go no further): more bytes change nothing. */
  isInflated: boolean;
  /** Its dictionary names FlateDecode first: what a reader inflates, and what it cannot. */
  isDeclaredFlate: boolean;
  /** Declared FlateDecode without a zlib header: its decoding at its end judges its damage (keepHeaderless). */
  isHeaderless: boolean;
  anywhere: TextScanner | null;
  structure: Scan | null;
  /** A declared filter chain, predictor or encoding other than plain Flate: decoded at its end. */
  declared: FilterStage[] | null;
  raw: Buffer[];
  /** Where the data starts in the file, how many of its bytes were fed, and how many of those open it blank. */
  dataStart: number;
  fedBytes: number;
  blankBytes: number;
  /** Where the data ends by its dictionary's `/Length` (an offset in the file), when it is written there. */
  endsAt: number | null;
  /** With a `/Length` by reference: where its first encoding's own end marker stands, once seen. */
  encodingEnd: EncodingEnd | null;
};

/**
 * Drops the kept bytes fed past a stream's end, `dataLength` bytes in: the start of the keyword that
 * ended it, fed before the keyword could be judged (a chunk ended inside it).
 */
function trimTo(stream: OpenStream, dataLength: number): void {
  let excess = stream.fedBytes - dataLength;
  while (excess > 0) {
    const last = stream.raw.pop();
    if (!last) return;
    if (last.length > excess) stream.raw.push(last.subarray(0, last.length - excess));
    excess -= last.length;
  }
}

/**
 * A stream whose `endstream` (or a second `stream`) came before its data ended, by its `/Length`
 * or, for zlib data, by the end of the zlib stream: the structure after the keyword is read as
 * structure, and the bytes up to `endsAt` (or until the zlib data ends) are also read as the
 * stream's data, as a reader that finds the stream's end by `/Length` reads them.
 */
type LengthTail = { stream: OpenStream; endsAt: number };

/**
 * Reads a PDF as it arrives and finds what decision 058 refuses: active content (by name, in the
 * bytes and in every FlateDecode stream once inflated), encryption, streams that expand beyond
 * `maxInflatedBytes` all together, a file without its final `%%EOF`. Streams are found by their
 * `stream`/`endstream` keywords and inflated when their data starts with a zlib header, so a
 * dictionary written to mislead (a wrong /Filter, a padded /Length) changes nothing; a stream
 * declared FlateDecode without one is inflated as lenient readers do (raw deflate, a damaged header).
 */
export class PdfCheck implements FormatCheck {
  private readonly findings: ContentFinding[] = [];
  private readonly anywhere = new TextScanner(ANYWHERE_PATTERN, carryFor(ANYWHERE), (match) =>
    this.onName(match),
  );
  private readonly structure = this.structureScan();
  private received = 0;
  private carry: Buffer = Buffer.alloc(0);
  private tail = '';
  private stream: OpenStream | null = null;
  private hasObjectStreamMarker = false;
  /** The structure since the last stream: the next stream's dictionary is read from it. */
  private structureSinceStream = '';
  private lengthTails: LengthTail[] = [];
  private hasZipHeader = false;
  private hasZipDirectoryEnd = false;
  private inflatedBytes = 0;
  private readonly closing: Promise<void>[] = [];
  /** The streams whose declared filters are decoded, one after the other (each under what is left of the budget). */
  private decoding: Promise<void> = Promise.resolve();

  constructor(private readonly maxInflatedBytes: number) {}

  async write(chunk: Buffer): Promise<void> {
    await this.feedLengthTails(chunk, this.received);
    this.anywhere.feed(chunk.toString('latin1'));
    this.tail = (this.tail + chunk.toString('latin1', Math.max(0, chunk.length - TAIL_BYTES))).slice(
      -TAIL_BYTES,
    );
    const start = this.received;
    this.received += chunk.length;
    const combined = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const base = start - this.carry.length;
    this.hasZipHeader ||= combined.includes(ZIP_LOCAL_HEADER);
    this.hasZipDirectoryEnd ||= combined.includes(ZIP_DIRECTORY_END);
    // New bytes from here on belong to the structure, or to the open stream's data.
    let from = start;
    for (let index = combined.indexOf(STREAM); index !== -1; index = combined.indexOf(STREAM, index + 1)) {
      const after = index + STREAM.length;
      // A keyword is judged once the two bytes after it have arrived (an end of line may be
      // `\r\n`), and only once: in the chunk that brought them.
      if (after + 1 >= combined.length) break;
      if (base + after + 1 < start) continue;
      const isEnd = index >= END.length && combined.subarray(index - END.length, index).equals(END);
      if (isRegular(combined[isEnd ? index - END.length - 1 : index - 1]) || isRegular(combined[after]))
        continue;
      if (isEnd) {
        if (!this.stream) continue;
        await this.data(combined, from - base, index - END.length);
        await this.endStream(combined, base, index - END.length);
        from = base + after;
        continue;
      }
      // `stream` then an end of line (or, from careless writers, a space); a second `stream`
      // before `endstream` starts a stream too.
      const dataStart = combined[after] === 0x0d && combined[after + 1] === 0x0a ? after + 2 : after + 1;
      if (this.stream) {
        await this.data(combined, from - base, index);
        await this.endStream(combined, base, index);
      } else {
        // Only bytes not fed before: the carry's were, with the start of the keyword if it began there.
        this.feedStructure(combined.toString('latin1', Math.max(from - base, this.carry.length), index));
      }
      this.openStream(base + dataStart);
      from = base + dataStart;
    }
    const rest = Math.max(from - base, this.carry.length);
    if (this.stream) await this.data(combined, rest, combined.length);
    else this.feedStructure(combined.toString('latin1', rest));
    this.carry = combined.subarray(Math.max(0, combined.length - 16));
  }

  async finish(): Promise<ContentFinding[]> {
    this.anywhere.end();
    this.structure.end();
    this.closeStream();
    for (const tail of this.lengthTails) this.close(tail.stream);
    this.lengthTails = [];
    await Promise.all(this.closing);
    await this.decoding;
    if (!this.tail.includes(EOF_MARKER)) this.refuse({ reason: 'damaged' });
    // A PDF+ZIP polyglot: an archive reader opens what the PDF reader does not show (decision 083).
    if (this.hasZipHeader && this.hasZipDirectoryEnd)
      this.refuse({ reason: 'activeContent', name: 'ZIP archive' });
    return this.findings;
  }

  private feedStructure(text: string): void {
    this.structure.feed(text);
    this.structureSinceStream += text;
  }

  /**
   * The open stream ends at a keyword at `combined[keywordAt]`. If its direct `/Length` says its
   * data goes on, or its zlib data has not ended (a `/Length` by reference), it goes on as a length
   * tail too, fed the bytes from the keyword on (those not fed already).
   */
  private async endStream(combined: Buffer, base: number, keywordAt: number): Promise<void> {
    const stream = this.stream;
    if (!stream) return;
    this.stream = null;
    const isShortOfLength = stream.endsAt !== null && base + keywordAt < stream.endsAt;
    const dataLength = Math.max(0, base + keywordAt - stream.dataStart);
    // Blank data (`stream\r\n\r\nendstream`) is an empty stream: no raw deflate goes on past it.
    const isEmpty = stream.isHeaderless && stream.blankBytes >= dataLength;
    const isZlibOpen =
      stream.inflater !== null && !stream.isInflated && !stream.inflater.destroyed && !isEmpty;
    const isEncodingOpen = stream.encodingEnd !== null && !stream.encodingEnd.isEnded;
    if (!isShortOfLength && !isZlibOpen && !isEncodingOpen) {
      trimTo(stream, dataLength);
      this.close(stream);
      return;
    }
    const tail = { stream, endsAt: isShortOfLength ? (stream.endsAt ?? Infinity) : Infinity };
    this.lengthTails.push(tail);
    const from = Math.max(keywordAt, this.carry.length);
    const to = Math.min(combined.length, tail.endsAt - base);
    if (to > from) await this.feedStream(stream, combined.subarray(from, to));
    if (this.isSpent(tail, base + combined.length)) this.closeLengthTail(tail);
  }

  /** The new bytes `chunk` (at `offset` in the file) to each length tail, up to its end. */
  private async feedLengthTails(chunk: Buffer, offset: number): Promise<void> {
    for (const tail of [...this.lengthTails]) {
      if (this.isSpent(tail, offset)) {
        this.closeLengthTail(tail);
        continue;
      }
      const bytes = chunk.subarray(0, Math.max(0, Math.min(chunk.length, tail.endsAt - offset)));
      if (bytes.length > 0) await this.feedStream(tail.stream, bytes);
      if (this.isSpent(tail, offset + chunk.length)) this.closeLengthTail(tail);
    }
  }

  /** Whether a length tail has had its bytes, once the file's first `read` bytes have come. */
  private isSpent(tail: LengthTail, read: number): boolean {
    return (
      read >= tail.endsAt ||
      (tail.endsAt === Infinity && (tail.stream.isInflated || tail.stream.encodingEnd?.isEnded === true))
    );
  }

  private closeLengthTail(tail: LengthTail): void {
    this.lengthTails = this.lengthTails.filter((kept) => kept !== tail);
    this.close(tail.stream);
  }

  /** The structure's short names, and where its links lead (a `javascript:` link is active content). */
  private structureScan(): Scan {
    const names = new TextScanner(STRUCTURE_PATTERN, carryFor(STRUCTURE), (match) => this.onName(match));
    const links = new LinkScanner(() => this.refuse({ reason: 'activeContent', name: 'URI' }));
    return {
      feed(text) {
        names.feed(text);
        links.feed(text);
      },
      end() {
        names.end();
        links.end();
      },
    };
  }

  private onName(match: RegExpExecArray): void {
    const name = decodePdfName(match[1] ?? '');
    if (OBJECT_STREAM_MARKERS.includes(name)) this.hasObjectStreamMarker = true;
    else if (name === PDF_ENCRYPTION_NAME) this.refuse({ reason: 'protected' });
    else this.refuse({ reason: 'activeContent', name });
  }

  /** Keeps the first finding of each kind. */
  private refuse(finding: ContentFinding): void {
    if (!this.findings.some((found) => found.reason === finding.reason)) this.findings.push(finding);
  }

  /** A stream whose data starts at `dataStart` in the file, as its dictionary says. */
  private openStream(dataStart: number): void {
    // Without the start of the keyword when an earlier chunk brought it (a delimiter stands before it).
    const dictionary = readStreamDictionary(withoutTrailingLetters(this.structureSinceStream));
    // An encoding given so that only a reader resolving the whole file can follow it (decision 083).
    if (dictionary === UNFOLLOWABLE) this.refuse({ reason: 'damaged' });
    const read = dictionary === UNFOLLOWABLE ? null : dictionary;
    this.stream = {
      isObjectStream: this.hasObjectStreamMarker || read?.isObjectStream === true,
      header: [],
      inflater: null,
      isInflated: false,
      isDeclaredFlate: read?.stages[0]?.filter === 'FlateDecode',
      isHeaderless: false,
      anywhere: null,
      structure: null,
      declared: read && needsDecoding(read.stages) ? read.stages : null,
      raw: [],
      dataStart,
      fedBytes: 0,
      blankBytes: 0,
      endsAt: read?.length != null ? dataStart + read.length : null,
      encodingEnd:
        read && read.length === null && needsDecoding(read.stages) ? encodingEndOf(read.stages) : null,
    };
    this.hasObjectStreamMarker = false;
    this.structureSinceStream = '';
  }

  /** The open stream's data bytes `combined[from, to)` that have not been seen yet. */
  private async data(combined: Buffer, from: number, to: number): Promise<void> {
    const stream = this.stream;
    const newFrom = Math.max(from, this.carry.length);
    if (!stream || to <= newFrom) return;
    await this.feedStream(stream, combined.subarray(newFrom, to));
  }

  /** A stream's next data bytes: kept for its declared decoding, or inflated when they are zlib. */
  private async feedStream(stream: OpenStream, data: Buffer): Promise<void> {
    if (stream.blankBytes === stream.fedBytes) {
      const firstRegular = data.findIndex((byte) => !isPdfWhitespace(byte));
      stream.blankBytes += firstRegular === -1 ? data.length : firstRegular;
    }
    stream.fedBytes += data.length;
    let bytes = data;
    if (!stream.declared && stream.header.length < 2) {
      const taken = bytes.subarray(0, 2 - stream.header.length);
      stream.header.push(...taken);
      bytes = bytes.subarray(taken.length);
      if (stream.header.length === 2) {
        const [first = 0, second = 0] = stream.header;
        // The header is not inflated: the data after it is, raw (below).
        if (isZlibHeader(first, second)) {
          if (this.findings.length === 0) this.inflate(stream);
        } else if (stream.isDeclaredFlate) await this.keepHeaderless(stream);
      }
    }
    if (stream.declared) {
      // Kept whole (at most the upload's size) and decoded as its dictionary says at its end.
      stream.raw.push(Buffer.from(bytes));
      stream.encodingEnd?.feed(bytes);
    }
    if (stream.inflater && bytes.length > 0) await this.feed(stream, bytes);
  }

  /**
   * Plain FlateDecode data without a zlib header: raw deflate (from writers that leave the header
   * out), or a zlib header that is damaged. Lenient readers inflate both, so it is kept whole and
   * inflated at its end as they do (`decodeWithin`). With its `/Length` by reference it is also
   * inflated raw as it comes, so that an `endstream` written inside the deflate data does not end
   * it for the check, as zlib data goes on to its end. Raw deflate never opens with a byte whose
   * low four bits are 8 (no encoder sets a stored block's padding bits), a zlib header always does.
   */
  private async keepHeaderless(stream: OpenStream): Promise<void> {
    stream.declared = PLAIN_FLATE;
    stream.isHeaderless = true;
    stream.raw.push(Buffer.from(stream.header));
    if (stream.endsAt !== null || this.findings.length > 0) return;
    this.inflate(stream);
    // A first byte that names deflate is a zlib header whose check is damaged: followed after it.
    if (((stream.header[0] ?? 0) & 0x0f) !== 8) await this.feed(stream, Buffer.from(stream.header));
  }

  /**
   * Inflates the data after the zlib header as readers do: raw, so that the Adler-32 checksum at
   * its end is not checked. pdf.js shows a stream whose checksum is wrong, and zlib, which checks
   * it, would throw away the last piece's output unseen (a script in an object stream with one
   * byte of its checksum changed passed the check).
   */
  private inflate(stream: OpenStream): void {
    const inflater = createInflateRaw();
    stream.inflater = inflater;
    stream.anywhere = new TextScanner(ANYWHERE_PATTERN, carryFor(ANYWHERE), (match) => this.onName(match));
    if (stream.isObjectStream) stream.structure = this.structureScan();
    inflater.on('data', (output: Buffer) => {
      this.inflatedBytes += output.length;
      if (this.inflatedBytes > this.maxInflatedBytes) {
        this.refuse({ reason: 'expandsTooMuch' });
        inflater.destroy();
        return;
      }
      const text = output.toString('latin1');
      stream.anywhere?.feed(text);
      stream.structure?.feed(text);
    });
    // Data cut short ends the stream: what inflated was inspected, as a reader shows it. Data that
    // is not deflate at all (zlib's Z_DATA_ERROR) throws away the output of the piece it is in, so
    // in a stream the dictionary declares FlateDecode, which a reader inflates up to the damage,
    // it is a damaged file; in a stream that only looks like zlib, nothing a reader inflates.
    inflater.on('error', (error: Error & { errno?: number }) => {
      // A headerless stream's own decoding, at its end, judges its damage (it may be a damaged header).
      if (error.errno === constants.Z_DATA_ERROR && stream.isDeclaredFlate && !stream.isHeaderless)
        this.refuse({ reason: 'damaged' });
      inflater.destroy();
    });
    for (const event of ['end', 'close'] as const) inflater.once(event, () => (stream.isInflated = true));
    this.closing.push(
      new Promise((resolve) => {
        inflater.once('close', () => {
          stream.anywhere?.end();
          stream.structure?.end();
          resolve();
        });
      }),
    );
  }

  /** Hands bytes to the stream's inflater and waits until they are inflated (backpressure). */
  private feed(stream: OpenStream, bytes: Buffer): Promise<void> {
    const inflater = stream.inflater;
    if (!inflater || inflater.destroyed || this.findings.length > 0) {
      inflater?.destroy();
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        inflater.off('close', done);
        resolve();
      };
      inflater.once('close', done);
      inflater.write(bytes, done);
    });
  }

  private closeStream(): void {
    if (this.stream) this.close(this.stream);
    this.stream = null;
  }

  private close(stream: OpenStream): void {
    const inflater = stream.inflater;
    if (inflater && !inflater.destroyed) inflater.end();
    const { declared } = stream;
    if (declared)
      this.decoding = this.decoding.then(() =>
        declaredDecodings(() =>
          this.findings.length === 0 ? this.decodeDeclared(stream, declared) : undefined,
        ),
      );
  }

  /** A stream's whole data through its declared filters, under what is left of the budget, then searched. */
  private async decodeDeclared(stream: OpenStream, declared: FilterStage[]): Promise<void> {
    const raw = Buffer.concat(stream.raw);
    stream.raw = [];
    try {
      const { bytes, decodedBytes } = await decodeWithin(
        raw,
        declared,
        this.maxInflatedBytes - this.inflatedBytes,
      );
      this.inflatedBytes += decodedBytes;
      const anywhere = new TextScanner(ANYWHERE_PATTERN, carryFor(ANYWHERE), (match) => this.onName(match));
      const structure = stream.isObjectStream ? this.structureScan() : null;
      for (let at = 0; at < bytes.length; at += DECODED_CHUNK) {
        const text = Buffer.from(
          bytes.buffer,
          bytes.byteOffset + at,
          Math.min(DECODED_CHUNK, bytes.length - at),
        ).toString('latin1');
        anywhere.feed(text);
        structure?.feed(text);
        // A whole budget's worth is searched in turns of 1 MiB: other calls are answered between.
        await nextTurn();
      }
      anywhere.end();
      structure?.end();
    } catch (error) {
      if (error instanceof DamagedData) this.refuse({ reason: 'damaged' });
      else if (error instanceof DecodeBudgetExceeded) this.refuse({ reason: 'expandsTooMuch' });
      else throw error;
    }
  }
}

/**
 * The text without the lowercase letters that end it, in one pass: `/[a-z]+$/` retried a run of
 * letters from each of its letters when the run did not end the text (the structure since the last
 * stream, a whole upload's worth), work growing with its square (decision 083).
 */
function withoutTrailingLetters(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) >= 0x61 && text.charCodeAt(end - 1) <= 0x7a) end -= 1;
  return text.slice(0, end);
}
