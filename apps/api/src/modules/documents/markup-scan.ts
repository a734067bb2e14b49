import { MARKUP_SHORT_TAGS, MARKUP_TAGS } from '@lisbon/domain';
import { TextScanner } from './text-scan';

/** A tag of `MARKUP_TAGS`, whole: followed by a space, `/` or `>`. */
const TAG = `<(?:${MARKUP_TAGS.join('|')})(?=[\\s/>])`;
const TAG_LENGTH = Math.max(...MARKUP_TAGS.map((tag) => tag.length)) + 2;

/** How far into something written like a tag an attribute is looked for. */
const TAG_SPAN = 256;

/**
 * A tag of `MARKUP_SHORT_TAGS`, whole: `<svg ` or `<svg/` and attributes of printable ASCII up to
 * `>`, or `<svg>` with another tag right after it (what an SVG holds). A bare `<img>` does nothing.
 */
const PRINTABLE = String.raw`[\t\n\r\x20-\x3d\x3f-\x7e]`;
const SPACES_BETWEEN_TAGS = 8;
const SHORT_TAG =
  `<(?:${MARKUP_SHORT_TAGS.join('|')})` +
  String.raw`(?:[\t\n\r /]${PRINTABLE}{0,${TAG_SPAN}}>|>\s{0,${SPACES_BETWEEN_TAGS}}<)`;
const SHORT_TAG_LENGTH = 1 + 3 + 1 + TAG_SPAN + 1 + SPACES_BETWEEN_TAGS;
const TAG_NAME_LENGTH = 32;
const HANDLER_NAME_LENGTH = 32;
const SPACES_BEFORE_EQUALS = 8;

/**
 * An event handler attribute inside something written like a tag, whatever the tag:
 * `<img src=x onerror=…>`, `<svg/onload=…>`, `<body onload=…>`, `<x onclick=…>`. A tag name (a
 * letter, then anything but a space, `/` or `>`), then within `TAG_SPAN` characters free of `<` and
 * `>`, after a space, `/` or a quote, `on`, three letters or more and `=`.
 *
 * Odds of a chance match in random bytes (compressed streams, image data), per byte: the tags
 * about 2e-12, the short tags whole 4e-13, an event handler 9e-12: about one in 90 GB, one 10 MB
 * compressed PDF in 9,000 (none in 2 GB measured; `<svg`/`<img` followed by any delimiter would
 * make it one in 9 GB, and had a hit in those 2 GB). `content-check.test.ts` runs 20 MB.
 */
const EVENT_HANDLER =
  `<[a-z][^\\s/>]{0,${TAG_NAME_LENGTH}}(?:[\\s/][^<>]{0,${TAG_SPAN}}?)?` +
  `[\\s/"']on[a-z]{3,${HANDLER_NAME_LENGTH}}\\s{0,${SPACES_BEFORE_EQUALS}}=`;
const EVENT_HANDLER_LENGTH =
  1 + 1 + TAG_NAME_LENGTH + 1 + TAG_SPAN + 1 + 2 + HANDLER_NAME_LENGTH + SPACES_BEFORE_EQUALS + 1;

/** What `MarkupScan` refuses, in any of its readings of the file. */
export const MARKUP_PATTERN = new RegExp(`${TAG}|${SHORT_TAG}|${EVENT_HANDLER}`, 'gi');
// Room for a whole match and the character after it, for a match cut by a chunk boundary.
const CARRY = Math.max(TAG_LENGTH, SHORT_TAG_LENGTH, EVENT_HANDLER_LENGTH) + 1;

const SCAN_BYTES = 16 * 1024;

/** Stands for a UTF-16 code unit that is not one byte's character: it matches nothing. */
const NOT_LATIN1 = 0x7f;

/**
 * One reading of a file as UTF-16 text: the code units starting at even (`alignment` 0) or odd
 * offsets, little- or big-endian, each the character of its low byte when its high byte is zero,
 * and `NOT_LATIN1` otherwise. Markup written as UTF-16 (`<\0s\0c\0r\0i\0p\0t\0`) is thus read
 * as the same text, wherever it starts in the file.
 */
class Utf16Reading {
  private pending: number | null = null;

  constructor(
    private readonly alignment: 0 | 1,
    private readonly bigEndian: boolean,
    private readonly scanner: TextScanner,
  ) {}

  /** `offset`: where in the file `chunk` starts. */
  feed(chunk: Buffer, offset: number): void {
    let index = 0;
    // The first byte of a code unit is at an offset of the reading's parity.
    if (this.pending === null && (offset + index) % 2 !== this.alignment) index += 1;
    const units = Buffer.allocUnsafe(Math.ceil((chunk.length + 1) / 2));
    let length = 0;
    if (this.pending !== null && chunk.length > 0) {
      units[length++] = this.unit(this.pending, chunk[0]!);
      this.pending = null;
      index = 1;
    }
    for (; index + 1 < chunk.length; index += 2)
      units[length++] = this.unit(chunk[index]!, chunk[index + 1]!);
    if (index < chunk.length) this.pending = chunk[index]!;
    if (length > 0) this.scanner.feed(units.toString('latin1', 0, length));
  }

  end(): void {
    this.scanner.end();
  }

  private unit(first: number, second: number): number {
    const [high, low] = this.bigEndian ? [first, second] : [second, first];
    return high === 0 ? low : NOT_LATIN1;
  }
}

/**
 * Looks for HTML in a file that arrives in chunks: `MARKUP_TAGS`, `MARKUP_SHORT_TAGS` whole, or an
 * event handler attribute in any tag, in the bytes read one a character and in the four UTF-16 readings of them.
 * `found` once any reading held one. Pieces are scanned 16 KiB at a time or more: a slow upload's
 * small chunks do not cost a pass of every reading each.
 */
export class MarkupScan {
  found = false;
  private offset = 0;
  private waiting: Buffer[] = [];
  private waitingLength = 0;
  private readonly bytes = this.scanner();
  private readonly utf16 = ([0, 1] as const).flatMap((alignment) =>
    [false, true].map((bigEndian) => new Utf16Reading(alignment, bigEndian, this.scanner())),
  );

  feed(chunk: Buffer): void {
    this.waiting.push(chunk);
    this.waitingLength += chunk.length;
    if (this.waitingLength >= SCAN_BYTES) this.scanWaiting();
  }

  end(): void {
    this.scanWaiting();
    this.bytes.end();
    for (const reading of this.utf16) reading.end();
  }

  private scanWaiting(): void {
    const piece = this.waiting.length === 1 ? this.waiting[0]! : Buffer.concat(this.waiting);
    this.waiting = [];
    this.waitingLength = 0;
    this.bytes.feed(piece.toString('latin1'));
    for (const reading of this.utf16) reading.feed(piece, this.offset);
    this.offset += piece.length;
  }

  private scanner(): TextScanner {
    return new TextScanner(new RegExp(MARKUP_PATTERN), CARRY, () => (this.found = true));
  }
}
