/**
 * Finds a pattern in text that arrives in pieces (a file read as latin1, one byte a character):
 * the last `carryLength` characters of each piece are looked at again with the next, so a match
 * cut in two by a chunk boundary is still found, and reported once. The pattern ends with a
 * one-character lookahead (what must follow the match), so a match is complete, and reported,
 * only once that character has arrived.
 */
export class TextScanner {
  private carry = '';

  constructor(
    private readonly pattern: RegExp,
    private readonly carryLength: number,
    private readonly onMatch: (match: RegExpExecArray) => void,
  ) {
    if (!pattern.global) throw new Error('TextScanner needs a global pattern');
  }

  feed(text: string): void {
    const whole = this.carry + text;
    for (const match of whole.matchAll(this.pattern)) {
      // A match whose next character was already there was reported with the previous piece.
      if (match.index + match[0].length >= this.carry.length) this.onMatch(match);
    }
    this.carry = whole.slice(-this.carryLength);
  }

  /** The text has ended: a match waiting for the character after it (a delimiter) gets a space. */
  end(): void {
    this.feed(' ');
    this.carry = '';
  }
}

/** PDF white-space and delimiter characters: what ends a name (ISO 32000-1, 7.2.2). */
const PDF_DELIMITERS = String.raw`\x00\t\n\f\r ()<>\[\]{}/%`;

const hexDigit = (digit: string) => (/[a-f]/.test(digit) ? `[${digit}${digit.toUpperCase()}]` : digit);

/** One character of a name, as written or as its `#xx` escape (`/J#61vaScript` is `/JavaScript`). */
const nameCharacter = (character: string) => {
  const hex = character.charCodeAt(0).toString(16).padStart(2, '0');
  const literal = character.replace(/[.*+?^${}()|[\]\\]/g, String.raw`\$&`);
  return `(?:${literal}|#${[...hex].map(hexDigit).join('')})`;
};

/** A pattern for these PDF names, whole (not the start of a longer name), however they are escaped. */
export function pdfNamesPattern(names: readonly string[]): RegExp {
  const longestFirst = [...names].sort((a, b) => b.length - a.length);
  const alternatives = longestFirst.map((name) => [...name].map(nameCharacter).join(''));
  return new RegExp(`/(${alternatives.join('|')})(?=[${PDF_DELIMITERS}])`, 'g');
}

/** The name a matched, possibly escaped, name stands for. */
export const decodePdfName = (written: string): string =>
  written.replace(/#([0-9a-fA-F]{2})/g, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The characters enough to hold any of these names escaped, with the character before and after. */
export const carryFor = (names: readonly string[]): number =>
  Math.max(...names.map((name) => name.length)) * 3 + 2;
