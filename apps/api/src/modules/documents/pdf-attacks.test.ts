import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  ascii85,
  asciiHex,
  lzw,
  pdfBombBehind,
  pdfBombWith,
  pdfWithLink,
  pdfWithScriptBehind,
  pdfWithScriptPastFakeEndstream,
  pdfWithScriptPastFakeEndstreamInRunLength,
  pdfWithScriptReadAfterTwoBytes,
  pdfWithScriptStream,
  pdfZipPolyglot,
  pngUp,
  rawDeflate,
  runLength,
  runLengthZeros,
  tiffDifferenced,
  zlibWithBadChecksum,
  zlibWithDamagedHeader,
} from '../../../test/pdf-attacks';
import { pdfOf, plainPdf, streamObject } from '../../../test/samples';
import { ContentCheck } from './content-check';
import { EncodingEnd } from './pdf-filters';

const LIMITS = { pdfMaxInflatedBytes: 1024 * 1024, imageMaxPixels: 100_000_000 };

async function findingOf(bytes: Buffer, size = 4096) {
  const check = new ContentCheck('a.pdf', LIMITS);
  for (let offset = 0; offset < bytes.length; offset += size)
    await check.write(bytes.subarray(offset, offset + size));
  return check.finish();
}

const SCRIPT = { reason: 'activeContent', name: 'JavaScript' };
const BOMB = { reason: 'expandsTooMuch' };
/** A stream encoded in a way the check cannot follow as a reader would. */
const UNFOLLOWED = { reason: 'damaged' };
const MEGABYTES_2 = Buffer.alloc(2 * 1024 * 1024);

describe('the attack corpus of issue #32 (decision 083)', () => {
  it.each([
    ['/ASCIIHexDecode', asciiHex, ''],
    ['/ASCII85Decode', ascii85, ''],
    ['[/ASCII85Decode /FlateDecode]', (data: Buffer) => ascii85(deflateSync(data)), ''],
    ['[/FlateDecode /ASCIIHexDecode]', (data: Buffer) => deflateSync(asciiHex(data)), ''],
    ['[/AHx /Fl] (abbreviated)', (data: Buffer) => asciiHex(deflateSync(data)), ''],
    ['/LZWDecode', lzw, ''],
    ['/RunLengthDecode', runLength, ''],
    ['[/RunLengthDecode /LZWDecode]', (data: Buffer) => runLength(lzw(data)), ''],
    [
      '/FlateDecode',
      (data: Buffer) => deflateSync(pngUp(data, 16)),
      '/DecodeParms << /Predictor 12 /Columns 16 >>',
    ],
  ])('refuses JavaScript in an object stream behind %s', async (filter, encode, parms) => {
    const declared = filter.replace(' (abbreviated)', '');
    const pdf = pdfWithScriptBehind(declared, encode, parms);
    // Nothing readable is left in the raw bytes: only decoding finds it.
    expect(pdf.includes('JavaScript')).toBe(false);
    for (const size of [7, 65_536]) expect(await findingOf(pdf, size)).toEqual(SCRIPT);
  });

  it.each([
    ['[/ASCIIHexDecode /FlateDecode]', asciiHex(deflateSync(MEGABYTES_2))],
    ['[/ASCII85Decode /FlateDecode]', ascii85(deflateSync(MEGABYTES_2))],
    ['[/FlateDecode /FlateDecode]', deflateSync(deflateSync(Buffer.alloc(64 * 1024 * 1024)))],
    ['/LZWDecode', lzw(MEGABYTES_2)],
    ['/RunLengthDecode', runLengthZeros(16 * 1024)],
    ['[/ASCII85Decode /RunLengthDecode]', ascii85(runLengthZeros(16 * 1024))],
  ])('refuses a bomb behind %s', async (filter, data) => {
    expect(await findingOf(pdfBombBehind(filter, data))).toEqual(BOMB);
  });

  // The third probe: an Identity /Crypt first in the chain, which readers pass by, and TIFF
  // predictors at every bit depth.
  const IDENTITY = '<< /Name /Identity >>';
  it.each<[string, (data: Buffer) => Buffer, string]>([
    ['[/Crypt /ASCIIHexDecode]', asciiHex, `/DecodeParms [${IDENTITY} null]`],
    ['[/Crypt /ASCII85Decode]', ascii85, `/DecodeParms [${IDENTITY} null]`],
    ['[/Crypt /RunLengthDecode]', runLength, `/DecodeParms [${IDENTITY} null]`],
    ['[/Crypt /ASCIIHexDecode] (no parameters)', asciiHex, ''],
    ...[1, 2, 4, 8, 16].map(
      (bits) =>
        [
          `/FlateDecode, TIFF predictor at ${bits} bits`,
          (data: Buffer) => deflateSync(tiffDifferenced(data, bits, 64)),
          `/DecodeParms << /Predictor 2 /Colors 1 /BitsPerComponent ${bits} /Columns 64 >>`,
        ] satisfies [string, (data: Buffer) => Buffer, string],
    ),
    [
      '/LZWDecode, TIFF predictor at 1 bit',
      (data: Buffer) => lzw(tiffDifferenced(data, 1, 64)),
      '/DecodeParms << /Predictor 2 /BitsPerComponent 1 /Columns 64 >>',
    ],
  ])('refuses JavaScript in an object stream behind %s', async (filter, encode, parms) => {
    const declared = filter.replace(/ \(.*\)$/, '').replace(/, TIFF.*$/, '');
    const pdf = pdfWithScriptBehind(declared, encode, parms);
    expect(pdf.includes('JavaScript')).toBe(false);
    for (const size of [7, 65_536]) expect(await findingOf(pdf, size)).toEqual(SCRIPT);
  });

  it.each([
    ['[/Crypt /ASCIIHexDecode /FlateDecode]', asciiHex(deflateSync(MEGABYTES_2))],
    ['[/Crypt /ASCII85Decode /FlateDecode]', ascii85(deflateSync(MEGABYTES_2))],
  ])('refuses a bomb behind %s', async (filter, data) => {
    expect(await findingOf(pdfBombBehind(filter, data, `/DecodeParms [${IDENTITY} null null]`))).toEqual(
      BOMB,
    );
  });

  it('refuses a predictor of a bit depth ISO 32000 does not define, as a reader might still decode it', async () => {
    const pdf = pdfWithScriptBehind(
      '/FlateDecode',
      (data) => deflateSync(tiffDifferenced(data, 4, 64)),
      '/DecodeParms << /Predictor 2 /BitsPerComponent 3 /Columns 64 >>',
    );
    expect(await findingOf(pdf)).toEqual(UNFOLLOWED);
  });

  it('refuses JavaScript in run-length data holding a false endstream, its /Length by reference or not', async () => {
    for (const lengthByReference of [true, false]) {
      const pdf = pdfWithScriptPastFakeEndstreamInRunLength({ lengthByReference });
      expect(pdf.includes('JavaScript')).toBe(false);
      for (const size of [7, 65_536])
        expect(await findingOf(pdf, size), String(lengthByReference)).toEqual(SCRIPT);
    }
  });

  it('follows LZW data to its end code, past a table cleared and codes widened, in any pieces', () => {
    for (const size of [10, 3_000, 20_000]) {
      const text = Buffer.from(Array.from({ length: size }, (_, index) => (index * 7 + (index >> 5)) % 251));
      const data = lzw(text);
      for (const piece of [1, 5, 4096]) {
        const end = new EncodingEnd('LZWDecode');
        for (let at = 0; at < data.length - 2; at += piece)
          end.feed(data.subarray(at, Math.min(at + piece, data.length - 2)));
        expect(end.isEnded, `${size} bytes in pieces of ${piece}, short of its last two`).toBe(false);
        end.feed(data.subarray(data.length - 2));
        expect(end.isEnded, `${size} bytes in pieces of ${piece}`).toBe(true);
      }
    }
  });

  it('refuses a PDF+ZIP polyglot carrying a deflated web page', async () => {
    expect(await findingOf(pdfZipPolyglot(plainPdf()))).toEqual({
      reason: 'activeContent',
      name: 'ZIP archive',
    });
  });

  it('accepts ordinary text behind the same filters and chains', async () => {
    const text = Buffer.from('BT /F1 24 Tf 72 720 Td (Diploma of /Java Script studies) Tj ET');
    for (const [filter, data] of [
      ['[/ASCII85Decode /FlateDecode]', ascii85(deflateSync(text))],
      ['/LZWDecode', lzw(text)],
      ['/RunLengthDecode', runLength(text)],
      ['/ASCIIHexDecode', asciiHex(text)],
    ] as const)
      expect(await findingOf(pdfBombBehind(filter, data)), filter).toBeNull();
  });
});

describe('a stream’s dictionary read as readers read it (issue #32, the second probe)', () => {
  const objectStream = (first: number) => `/Type /ObjStm /N 3 /First ${first}`;
  const DAMAGED = { reason: 'damaged' };

  it.each([
    [
      'a /Filter in a nested dictionary before the stream’s own',
      (first: number) => `/X << /Filter /FlateDecode >> ${objectStream(first)} /Filter [/ASCIIHexDecode]`,
    ],
    [
      'a dictionary longer than 4 kB',
      (first: number) => `${objectStream(first)} /Filter [/ASCIIHexDecode] /Pad [${'0 '.repeat(3000)}]`,
    ],
    [
      'a comment between /Filter and its value',
      (first: number) => `${objectStream(first)} /Filter %c\n/ASCIIHexDecode`,
    ],
    [
      'the name /obj in the dictionary',
      (first: number) => `${objectStream(first)} /Filter [/ASCIIHexDecode] /Foo /obj`,
    ],
    [
      'a string holding an object header and a dictionary',
      (first: number) =>
        `/Note (1 0 obj << /Filter /FlateDecode >>) ${objectStream(first)} /Filter /ASCIIHexDecode`,
    ],
    ['/F, which readers take for /Filter', (first: number) => `${objectStream(first)} /F /AHx`],
  ])('refuses JavaScript behind %s', async (_, dictionary) => {
    const pdf = pdfWithScriptStream(dictionary, asciiHex);
    expect(pdf.includes('JavaScript')).toBe(false);
    for (const size of [7, 65_536]) expect(await findingOf(pdf, size)).toEqual(SCRIPT);
  });

  it('refuses JavaScript behind a chain whose second stage alone has a predictor', async () => {
    const pdf = pdfWithScriptStream(
      (first) =>
        `${objectStream(first)} /Filter [/FlateDecode /FlateDecode] /DecodeParms [null << /Predictor 12 /Columns 8 >>]`,
      (data) => deflateSync(deflateSync(pngUp(data, 8))),
    );
    expect(await findingOf(pdf)).toEqual(SCRIPT);
  });

  it('refuses JavaScript in Flate data that holds a false endstream, read to the stream’s /Length or the zlib data’s end', async () => {
    for (const lengthByReference of [false, true]) {
      const pdf = pdfWithScriptPastFakeEndstream({ lengthByReference });
      expect(pdf.includes('JavaScript')).toBe(false);
      for (const size of [7, 4096, 65_536]) expect(await findingOf(pdf, size)).toEqual(SCRIPT);
    }
  });

  it.each([
    ['a filter given by reference', (first: number) => `${objectStream(first)} /Filter 6 0 R`],
    [
      'a filter ISO 32000 does not define',
      (first: number) => `${objectStream(first)} /Filter [/Foo /ASCIIHexDecode]`,
    ],
    [
      '/F and /Filter that disagree',
      (first: number) => `${objectStream(first)} /Filter /FlateDecode /F /AHx`,
    ],
  ])('refuses as unreadable %s', async (_, dictionary) => {
    expect(await findingOf(pdfWithScriptStream(dictionary, asciiHex, ['/ASCIIHexDecode']))).toEqual(DAMAGED);
  });

  it.each([
    ['a comment before the chain', '/Filter %x\n[/ASCIIHexDecode /FlateDecode]'],
    ['the name /obj in the dictionary', '/Foo /obj /Filter [/ASCIIHexDecode /FlateDecode]'],
    ['/F with short names', '/F [/AHx /Fl]'],
  ])('refuses a bomb behind %s', async (_, dictionary) => {
    expect(await findingOf(pdfBombWith(dictionary, asciiHex(deflateSync(MEGABYTES_2))))).toEqual(BOMB);
  });

  it('accepts ordinary text whose dictionary holds a string with an object header and a comment', async () => {
    const text = Buffer.from('BT /F1 24 Tf 72 720 Td (Diploma) Tj ET');
    const pdf = pdfBombWith(
      '/Title (7 0 obj) % a note\n/Filter [/ASCIIHexDecode /FlateDecode]',
      asciiHex(deflateSync(text)),
    );
    expect(await findingOf(pdf)).toBeNull();
  });
});

describe('links a reader would follow (decision 083)', () => {
  const LINK = { reason: 'activeContent', name: 'URI' };
  const hex = (text: string) => `<${Buffer.from(text, 'latin1').toString('hex')}>`;

  it.each([
    ['a javascript: link', '(javascript:app.alert\\(1\\))'],
    ['its scheme in capitals after spaces and controls', '(  \\001JaVaScRiPt:alert\\(1\\))'],
    ['its scheme cut by an escaped tab and a line end', '(java\\tscr\\\nipt:alert\\(1\\))'],
    ['its scheme written in octal escapes', '(\\152\\141\\166\\141script:alert\\(1\\))'],
    ['a hex string', hex('javascript:alert(1)')],
    ['a hex string split by white space', '<6a617661 7363726970743a616c657274283129>'],
    ['a UTF-16 string', hex(`\xfe\xff${[...'javascript:x'].map((c) => `\0${c}`).join('')}`)],
    ['a comment before the string', '% a note\n(javascript:alert\\(1\\))'],
    ['a file: link', '(file:///C:/Windows/System32/calc.exe)'],
    ['a link to a network share', '(smb://attacker.example/share)'],
    ['an application’s own scheme', '(ms-msdt:/id PCWDiagnostic)'],
    ['a data: link', '(data:text/html,<b>x</b>)'],
    ['a string in another object', '6 0 R'],
    ['a scheme past what is read', `(${' '.repeat(600)}javascript:alert\\(1\\))`],
  ])('refuses %s', async (_, value) => {
    for (const size of [7, 65_536]) expect(await findingOf(pdfWithLink(value), size)).toEqual(LINK);
  });

  it('refuses a javascript: link in a compressed object stream, its name escaped', async () => {
    const pdf = pdfWithLink('(javascript:alert\\(1\\))', { inObjectStream: true });
    expect(pdf.includes('/URI')).toBe(false);
    for (const size of [7, 65_536]) expect(await findingOf(pdf, size)).toEqual(LINK);
    const escaped = pdfWithLink('(javascript:x)').toString('latin1').replace('/URI (', '/UR#49 (');
    expect(await findingOf(Buffer.from(escaped, 'latin1'), 7)).toEqual(LINK);
  });

  it.each([
    ['a web page', '(https://www.example.edu/diplomas/2019)'],
    ['a web page in capitals', '(HTTP://WWW.EXAMPLE.EDU)'],
    ['a web page whose path holds parentheses', '(https://en.wikipedia.org/wiki/Laurea_\\(Italy\\))'],
    ['a web page as a hex string', hex('https://www.example.edu')],
    ['a mail address', '(mailto:registrar@example.edu)'],
    ['a phone number', '(tel:+39061234567)'],
    ['a link within the site', '(diplomas/2019.html)'],
    ['a link whose colon comes after a slash', '(files/a:b)'],
  ])('accepts %s', async (_, value) => {
    for (const size of [7, 65_536]) expect(await findingOf(pdfWithLink(value), size)).toBeNull();
  });

  it('accepts the catalogue’s base for links, and a link in an object stream', async () => {
    const base = pdfWithLink('(https://www.example.edu)', {
      catalog: '/URI << /Base (https://www.example.edu/) >>',
    });
    expect(await findingOf(base, 7)).toBeNull();
    const packed = pdfWithLink('(https://www.example.edu)', { inObjectStream: true });
    expect(await findingOf(packed, 7)).toBeNull();
  });
});

describe('zlib data as readers inflate it (the review of stop 62)', () => {
  const withBadChecksum = zlibWithBadChecksum;

  it.each([
    ['/FlateDecode', withBadChecksum],
    ['[/ASCIIHexDecode /FlateDecode]', (data: Buffer) => asciiHex(withBadChecksum(data))],
  ])('refuses JavaScript in an object stream behind %s whose checksum is wrong', async (filter, encode) => {
    const pdf = pdfWithScriptBehind(filter, encode);
    expect(pdf.includes('JavaScript')).toBe(false);
    for (const size of [7, 65_536]) expect(await findingOf(pdf, size)).toEqual(SCRIPT);
  });

  it('refuses as damaged a declared FlateDecode stream that stops being deflate', async () => {
    // The script's objects in a block that is not the last, then a block of the reserved type 3:
    // zlib throws away what the piece holding both inflated, where a reader shows the first.
    const broken = (data: Buffer) =>
      Buffer.concat([deflateSync(data, { finishFlush: constants.Z_SYNC_FLUSH }), Buffer.from([0xff, 0xff])]);
    for (const filter of ['/FlateDecode', '[/ASCIIHexDecode /FlateDecode]']) {
      const pdf = pdfWithScriptBehind(
        filter,
        filter === '/FlateDecode' ? broken : (data) => asciiHex(broken(data)),
      );
      for (const size of [7, 65_536])
        expect([SCRIPT, UNFOLLOWED], filter).toContainEqual(await findingOf(pdf, size));
    }
    const notDeflate = pdfOf([
      '<< /Type /Catalog >>',
      streamObject('/Filter /FlateDecode', Buffer.from([0x78, 0x9c, 0xff, 0xff, 0xff])),
    ]);
    for (const size of [7, 65_536]) expect(await findingOf(notDeflate, size)).toEqual(UNFOLLOWED);
  });

  it('accepts a stream that only looks like zlib where no filter says it is, and a right one', async () => {
    const lookalike = pdfOf([
      '<< /Type /Catalog >>',
      streamObject('', Buffer.concat([Buffer.from('x^'), Buffer.alloc(64, 0xff)])),
    ]);
    for (const size of [7, 65_536]) expect(await findingOf(lookalike, size)).toBeNull();
    const good = pdfOf([
      '<< /Type /Catalog >>',
      streamObject('/Filter /FlateDecode', deflateSync(Buffer.from('BT (Diploma) Tj ET'))),
    ]);
    for (const size of [7, 65_536]) expect(await findingOf(good, size)).toBeNull();
  });
});

describe('FlateDecode data without a zlib header, as lenient readers inflate it', () => {
  it.each([
    ['raw deflate', '/FlateDecode', rawDeflate],
    ['raw deflate', '[/ASCIIHexDecode /FlateDecode]', (data: Buffer) => asciiHex(rawDeflate(data))],
    ['raw deflate', '[/FlateDecode /ASCIIHexDecode]', (data: Buffer) => rawDeflate(asciiHex(data))],
    ['zlib data with a damaged header', '/FlateDecode', zlibWithDamagedHeader],
    [
      'zlib data with a damaged header',
      '[/ASCIIHexDecode /FlateDecode]',
      (data: Buffer) => asciiHex(zlibWithDamagedHeader(data)),
    ],
  ])('refuses JavaScript in an object stream of %s behind %s', async (_, filter, encode) => {
    const pdf = pdfWithScriptBehind(filter, encode);
    expect(pdf.includes('JavaScript')).toBe(false);
    for (const size of [7, 65_536]) expect(await findingOf(pdf, size)).toEqual(SCRIPT);
  });

  it('refuses JavaScript in raw deflate or behind a damaged header holding a false endstream, its /Length by reference or not', async () => {
    for (const zlib of ['none', 'damaged'] as const)
      for (const lengthByReference of [false, true]) {
        const pdf = pdfWithScriptPastFakeEndstream({ lengthByReference, zlib });
        expect(pdf.includes('JavaScript')).toBe(false);
        for (const size of [7, 65_536])
          expect(await findingOf(pdf, size), `${zlib} ${lengthByReference}`).toEqual(SCRIPT);
      }
  });

  // One test a way of writing it (each a 64 kB file fed in pieces of 7 bytes, then of 64 KiB), with
  // the heavy tests' timeout: the eight in one test ran near the default 5 s on a loaded machine.
  it.each(
    [0x78, 0x00].flatMap((firstByte) =>
      [false, true].flatMap((damagedAfter) =>
        [false, true].map((lengthByReference) => ({ firstByte, damagedAfter, lengthByReference })),
      ),
    ),
  )(
    'refuses JavaScript in data that reads cleanly from its first byte and, holding the script, after its first two (first byte $firstByte, damaged after it: $damagedAfter, /Length by reference: $lengthByReference)',
    async ({ firstByte, damagedAfter, lengthByReference }) => {
      const pdf = pdfWithScriptReadAfterTwoBytes({ lengthByReference, firstByte, damagedAfter });
      expect(pdf.includes('JavaScript')).toBe(false);
      for (const size of [7, 65_536]) expect(await findingOf(pdf, size), `${size}`).toEqual(SCRIPT);
    },
    60_000,
  );

  it('refuses data that reads cleanly both ways, each under the budget and both over it', async () => {
    // From its first byte, a stored block of 2 bytes, then 600 kB of zeros in raw deflate; after its
    // first two, a stored block of 65,533 bytes holding those, then 600 kB of zeros again.
    const zeros = rawDeflate(Buffer.alloc(600 * 1024));
    const twoWays = Buffer.alloc(65_540, 0x20);
    Buffer.concat([Buffer.from([0x00, 0x02, 0x00, 0xfd, 0xff, 0x02, 0x00]), zeros]).copy(twoWays);
    const pdf = pdfBombBehind('/FlateDecode', Buffer.concat([twoWays, zeros]));
    for (const size of [7, 65_536]) expect(await findingOf(pdf, size)).toEqual(BOMB);
  });

  it('refuses raw deflate that expands past the budget, plain or behind a chain', async () => {
    for (const pdf of [
      pdfBombBehind('/FlateDecode', rawDeflate(MEGABYTES_2)),
      pdfBombBehind('[/ASCIIHexDecode /FlateDecode]', asciiHex(rawDeflate(MEGABYTES_2))),
    ])
      for (const size of [7, 65_536]) expect(await findingOf(pdf, size)).toEqual(BOMB);
  });

  it('refuses as damaged FlateDecode data that no reading inflates, or that stops being deflate', async () => {
    // Reserved block type 3 from the first byte, and again after two bytes.
    const unreadable = Buffer.from([0x07, 0xff, 0xff, 0xff, 0xff]);
    // The script's objects in raw deflate, then a block of type 3: zlib throws away what came before.
    const broken = (data: Buffer) =>
      Buffer.concat([
        deflateRawSync(data, { finishFlush: constants.Z_SYNC_FLUSH }),
        Buffer.from([0xff, 0xff]),
      ]);
    // A stored block of 16 bytes whose length fields, read from the third byte, open a stored
    // block longer than the data: read after two bytes, it is cut short, not damaged.
    const storedThenDamage = (text: string, damage: Buffer) =>
      Buffer.concat([
        Buffer.from([0x00, 0x10, 0x00, 0xef, 0xff, 0x10, 0x00]),
        Buffer.from(text.padEnd(14), 'latin1'),
        damage,
      ]);
    const brokenWithCleanTail = (data: Buffer) => storedThenDamage('', broken(data));
    for (const pdf of [
      pdfOf(['<< /Type /Catalog >>', streamObject('/Filter /FlateDecode', unreadable)]),
      pdfOf([
        '<< /Type /Catalog >>',
        streamObject('/Filter [/ASCIIHexDecode /FlateDecode]', asciiHex(unreadable)),
      ]),
      pdfWithScriptBehind('/FlateDecode', broken),
      pdfWithScriptBehind('/FlateDecode', brokenWithCleanTail),
      // Damaged within its first bytes, after it inflated a script.
      pdfOf([
        '<< /Type /Catalog >>',
        streamObject('/Filter /FlateDecode', storedThenDamage('/S /JS (x)', Buffer.from([0xff]))),
      ]),
    ])
      for (const size of [7, 65_536]) expect(await findingOf(pdf, size)).toEqual(UNFOLLOWED);
  });

  it('accepts ordinary text as raw deflate or behind a damaged header, and FlateDecode streams too short to read', async () => {
    const text = Buffer.from('BT (Diploma) Tj ET');
    for (const data of [rawDeflate(text), zlibWithDamagedHeader(text), Buffer.alloc(0), Buffer.from('\n')]) {
      const pdf = pdfOf(['<< /Type /Catalog >>', streamObject('/Filter /FlateDecode', data)]);
      for (const size of [7, 65_536]) expect(await findingOf(pdf, size)).toBeNull();
    }
  });

  it('accepts an empty FlateDecode stream written with blank lines, its /Length by reference or not, wherever a chunk ends', async () => {
    const page = '<< /Type /Page /MediaBox [0 0 595 842] /Contents 3 0 R >>';
    for (const blank of ['\r\n\r\n', '\n\n', '\r\n  \r\n', '\r\r', '\t\r\n', '\0\0\n', '\n\n\n\n'])
      for (const length of ['4 0 R', '0', String(blank.length - (blank.startsWith('\r\n') ? 2 : 1))]) {
        const stream = `<< /Filter /FlateDecode /Length ${length} >>\nstream${blank}endstream`;
        const pdf = pdfOf(['<< /Type /Catalog >>', page, stream, '0']);
        for (const size of [3, 5, 7, 11, 65_536])
          expect(await findingOf(pdf, size), `${JSON.stringify(blank)} ${length} ${size}`).toBeNull();
      }
  });
});
