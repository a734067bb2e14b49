import { PDF_LINK_SCHEMES } from '@lisbon/domain';
import { carryFor, pdfNamesPattern } from './text-scan';

/**
 * Where a PDF's links lead (issue #32, decision 083). A link is a `/URI` action: `/S /URI /URI
 * (https://…)`. A reader hands its string to the browser or the system, so one to `javascript:`,
 * `file:`, a network share or an application's own scheme is active content. The string is read
 * as the reader reads it (escapes, hex, a byte-order mark) and the scheme as a browser parses a URL
 * (tabs and line ends dropped, leading spaces and controls trimmed).
 *
 * The string is read here, not by pdf-lib's object parser (which reads the stream dictionaries,
 * `pdf-filters.ts`): that parser takes a whole token, while a link is judged as soon as its scheme
 * has come, however long the rest of the string, and from a window of text that may end inside
 * an escape.
 */

/** The characters after `/URI` read to judge its link: enough for any scheme, however padded. */
const WINDOW = 512;
const URI_PATTERN = pdfNamesPattern(['URI']);
const URI_CARRY = carryFor(['URI']);
const ALLOWED = new Set<string>(PDF_LINK_SCHEMES);
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
/** What a URL is while it may still turn out to start with a scheme. */
const SCHEME_SO_FAR = /^(?:[a-zA-Z][a-zA-Z0-9+.-]*)?$/;
const PDF_WHITE_SPACE = '\0\t\n\f\r ';

export type LinkVerdict = 'allowed' | 'refused' | 'notALink' | 'needsMore';

type ReadString = { value: string; isClosed: boolean };

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

/** A literal string from its `(` at `start` (ISO 32000-1, 7.3.4.2), as far as `text` goes. */
function literalString(text: string, start: number): ReadString {
  let value = '';
  let depth = 1;
  for (let at = start + 1; at < text.length; at++) {
    const character = text[at] ?? '';
    if (character === '\\') {
      const next = text[++at];
      if (next === undefined) break;
      const octal = /^[0-7]{1,3}/.exec(text.slice(at, at + 3));
      // Digits up to the end of what came: the escape may go on in the next piece.
      if (octal && octal[0].length < 3 && at + octal[0].length === text.length) break;
      if (octal) {
        value += String.fromCharCode(parseInt(octal[0], 8) & 0xff);
        at += octal[0].length - 1;
      } else if (next === '\r') {
        // A backslash before a line end continues the string on the next line.
        if (text[at + 1] === '\n') at++;
      } else if (next !== '\n') value += ESCAPES[next] ?? next;
      continue;
    }
    if (character === '(') depth++;
    if (character === ')' && --depth === 0) return { value, isClosed: true };
    value += character;
  }
  return { value, isClosed: false };
}

/** A hex string from its `<` at `start`: digit pairs, white space ignored, an odd last digit followed by 0. */
function hexString(text: string, start: number): ReadString {
  const end = text.indexOf('>', start + 1);
  const digits = text.slice(start + 1, end === -1 ? undefined : end).replace(/[^0-9a-fA-F]/g, '');
  const whole = end === -1 ? digits.slice(0, digits.length - (digits.length % 2)) : digits;
  return {
    value: Buffer.from(whole.padEnd(whole.length + (whole.length % 2), '0'), 'hex').toString('latin1'),
    isClosed: end !== -1,
  };
}

/** UTF-16 text from its bytes after a byte-order mark (an odd last byte dropped). */
function utf16(bytes: string, isBigEndian: boolean): string {
  const data = Buffer.from(bytes.slice(2, bytes.length - (bytes.length % 2)), 'latin1');
  return (isBigEndian ? data.swap16() : data).toString('utf16le');
}

/** The text a string's bytes stand for, with a byte-order mark read as readers read one. */
function textOf(bytes: string): string {
  if (bytes.startsWith('\xfe\xff')) return utf16(bytes, true);
  if (bytes.startsWith('\xff\xfe')) return utf16(bytes, false);
  if (bytes.startsWith('\xef\xbb\xbf')) return Buffer.from(bytes.slice(3), 'latin1').toString('utf8');
  return bytes;
}

/** Where a link's string leads, as far as it was read. */
function judgeTarget({ value, isClosed }: ReadString, isComplete: boolean): LinkVerdict {
  // The first bytes of a byte-order mark: what follows decides how the rest reads.
  const isBomSoFar = ['\xfe\xff', '\xff\xfe', '\xef\xbb\xbf'].some(
    (mark) => value.length < mark.length && mark.startsWith(value),
  );
  if (!isClosed && !isComplete && isBomSoFar) return 'needsMore';
  const url = textOf(value)
    .replace(/[\t\n\r]/g, '')
    .replace(/^[\0-\x20]+/, '');
  const scheme = SCHEME.exec(url)?.[1];
  if (scheme !== undefined) return ALLOWED.has(scheme.toLowerCase()) ? 'allowed' : 'refused';
  // No scheme: a link within the document's own site, unless a scheme is still being written.
  if (isClosed || !SCHEME_SO_FAR.test(url)) return 'allowed';
  // A string that goes on past the window, or past the file's end, with no telling where it leads.
  return isComplete ? 'refused' : 'needsMore';
}

/**
 * Judges the value that follows a `/URI` name, from `text` (what came after it). `isComplete`: no
 * more text will come (the window is full or the data ended).
 */
export function judgeLink(text: string, isComplete: boolean): LinkVerdict {
  let at = 0;
  for (;;) {
    while (at < text.length && PDF_WHITE_SPACE.includes(text[at] ?? '')) at++;
    if (text[at] !== '%') break;
    const lineEnd = text.slice(at).search(/[\r\n]/);
    if (lineEnd === -1) return isComplete ? 'notALink' : 'needsMore';
    at += lineEnd;
  }
  const first = text[at];
  if (first === undefined) return isComplete ? 'notALink' : 'needsMore';
  if (first === '(') return judgeTarget(literalString(text, at), isComplete);
  if (first === '<') {
    const second = text[at + 1];
    if (second === undefined) return isComplete ? 'refused' : 'needsMore';
    // `<<`: the catalogue's URI dictionary (its `/Base`), not a link.
    return second === '<' ? 'notALink' : judgeTarget(hexString(text, at), isComplete);
  }
  // `/URI 12 0 R`: the string is in another object, which a check reading as it goes cannot follow.
  if (/[0-9]/.test(first)) return 'refused';
  // A name (`/S /URI /URI (…)`: the action's type, followed by its link) or the end of a dictionary.
  return 'notALink';
}

/** Finds the links in a PDF's structure as it arrives in pieces, and reports each it refuses. */
export class LinkScanner {
  /** The text not settled yet: from a link whose value has not all come, or the last characters a name may start in. */
  private text = '';

  constructor(private readonly onRefused: () => void) {}

  feed(piece: string): void {
    this.text += piece;
    this.settle(false);
  }

  end(): void {
    // A name at the very end is complete once something follows it.
    this.text += ' ';
    this.settle(true);
    this.text = '';
  }

  private settle(isEnd: boolean): void {
    let keepFrom = Math.max(0, this.text.length - URI_CARRY);
    // A link settled in an earlier piece may be judged again while its name is in the kept text:
    // on the same characters, to the same verdict.
    for (const match of this.text.matchAll(URI_PATTERN)) {
      const after = match.index + match[0].length;
      const value = this.text.slice(after, after + WINDOW);
      const verdict = judgeLink(value, isEnd || value.length === WINDOW);
      if (verdict === 'needsMore') {
        keepFrom = Math.min(keepFrom, match.index);
        break;
      }
      if (verdict === 'refused') this.onRefused();
    }
    this.text = this.text.slice(keepFrom);
  }
}
