import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes cells holding commas, quotes or line breaks, and ends lines with CRLF', () => {
    expect(
      toCsv(
        ['Name', 'Count'],
        [
          ['Rossi, Ada', 3],
          ['Say "hi"\nthen', null],
        ],
      ),
    ).toBe('\uFEFFName,Count\r\n"Rossi, Ada",3\r\n"Say ""hi""\nthen",\r\n');
  });

  it('keeps a text a spreadsheet would run as a formula a text', () => {
    expect(toCsv(['Name'], [['=HYPERLINK("x")'], ['-1'], [-1]])).toBe(
      '\uFEFFName\r\n"\'=HYPERLINK(""x"")"\r\n\'-1\r\n-1\r\n',
    );
  });
});
