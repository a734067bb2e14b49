import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import { pdfOf, streamObject } from './samples';

/**
 * The attack corpus of issue #32 (decision 083): PDFs whose JavaScript hides in an object stream
 * behind each standard filter and chain, decompression bombs through chains, a PDF+ZIP polyglot.
 * Built byte by byte here, so nothing large is kept in the repository.
 */

export const asciiHex = (data: Buffer): Buffer => Buffer.from(`${data.toString('hex')}>`, 'latin1');

export function ascii85(data: Buffer): Buffer {
  let out = '';
  for (let at = 0; at < data.length; at += 4) {
    const group = data.subarray(at, at + 4);
    const padded = Buffer.concat([group, Buffer.alloc(4 - group.length)]);
    let value = padded.readUInt32BE(0);
    if (value === 0 && group.length === 4) {
      out += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      digits.unshift(String.fromCharCode((value % 85) + 33));
      value = Math.floor(value / 85);
    }
    out += digits.slice(0, group.length + 1).join('');
  }
  return Buffer.from(`${out}~>`, 'latin1');
}

/** LZW as PDF writes it: 9 to 12-bit codes, most significant bit first, EarlyChange 1. */
export function lzw(data: Buffer): Buffer {
  const CLEAR = 256;
  const END = 257;
  const bits: number[] = [];
  let width = 9;
  const emit = (code: number) => {
    for (let bit = width - 1; bit >= 0; bit -= 1) bits.push((code >> bit) & 1);
  };
  let table = new Map<string, number>();
  let next = 258;
  const reset = () => {
    table = new Map(Array.from({ length: 256 }, (_, byte) => [String.fromCharCode(byte), byte]));
    next = 258;
    width = 9;
  };
  reset();
  emit(CLEAR);
  let current = '';
  for (const byte of data) {
    const extended = current + String.fromCharCode(byte);
    if (table.has(extended)) {
      current = extended;
      continue;
    }
    emit(table.get(current) ?? 0);
    table.set(extended, next);
    next += 1;
    // The reader adds its entry one code later: it widens when it reaches what this one reached.
    if (next >= 1 << width && width < 12) width += 1;
    if (next >= 4094) {
      emit(CLEAR);
      reset();
    }
    current = String.fromCharCode(byte);
  }
  if (current) emit(table.get(current) ?? 0);
  emit(END);
  const out = Buffer.alloc(Math.ceil(bits.length / 8));
  bits.forEach((bit, index) => {
    if (bit) out[index >> 3] = (out[index >> 3] ?? 0) | (0x80 >> (index & 7));
  });
  return out;
}

/** Literal runs of 7 bytes: a length byte falls inside every name, so none reads in the raw bytes. */
export function runLength(data: Buffer, runBytes = 7): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < data.length; at += runBytes) {
    const literal = data.subarray(at, at + runBytes);
    parts.push(Buffer.from([literal.length - 1]), literal);
  }
  return Buffer.concat([...parts, Buffer.from([128])]);
}

/** `count` × 128 zero bytes in RunLength: two bytes each. */
export const runLengthZeros = (count: number): Buffer =>
  Buffer.concat([Buffer.alloc(count * 2).map((_, index) => (index % 2 === 0 ? 129 : 0)), Buffer.from([128])]);

/** PNG "Up" predictor over rows of `columns` bytes, each row led by its type byte. */
/**
 * `data` through a TIFF predictor (2) of `bits`-wide samples (1, 2, 4, 8 or 16), one colour, rows of
 * `columns` samples: each sample written as its difference from the one to its left, as a writer
 * encodes it (decoding adds them back).
 */
export function tiffDifferenced(data: Buffer, bits: number, columns: number): Buffer {
  const rowBytes = Math.ceil((bits * columns) / 8);
  const rows = Math.ceil(data.length / rowBytes);
  const out = Buffer.concat([data, Buffer.alloc(rows * rowBytes - data.length, 0x20)]);
  const read = (row: number, index: number) =>
    bits === 16
      ? out.readUInt16BE(row + index * 2)
      : ((out[row + ((index * bits) >> 3)] ?? 0) >> (8 - bits - ((index * bits) & 7))) & ((1 << bits) - 1);
  for (let row = 0; row < out.length; row += rowBytes) {
    const samples = Array.from({ length: columns }, (_, index) => read(row, index));
    const mask = bits === 16 ? 0xffff : (1 << bits) - 1;
    const differences = samples.map(
      (sample, index) => (sample - (index > 0 ? (samples[index - 1] ?? 0) : 0)) & mask,
    );
    out.fill(0, row, row + rowBytes);
    differences.forEach((value, index) => {
      if (bits === 16) out.writeUInt16BE(value, row + index * 2);
      else {
        const at = row + ((index * bits) >> 3);
        out[at] = (out[at] ?? 0) | (value << (8 - bits - ((index * bits) & 7)));
      }
    });
  }
  return out;
}

export function pngUp(data: Buffer, columns: number): Buffer {
  const rows = Math.ceil(data.length / columns);
  const padded = Buffer.concat([data, Buffer.alloc(rows * columns - data.length, 0x20)]);
  const out = Buffer.alloc(rows * (columns + 1));
  for (let row = 0; row < rows; row += 1) {
    out[row * (columns + 1)] = 2;
    for (let index = 0; index < columns; index += 1) {
      const value = padded[row * columns + index] ?? 0;
      const up = row > 0 ? (padded[(row - 1) * columns + index] ?? 0) : 0;
      out[row * (columns + 1) + 1 + index] = (value - up) & 0xff;
    }
  }
  return out;
}

const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>';
const CONTENT = streamObject(
  '/Filter /FlateDecode',
  deflateSync(Buffer.from('BT /F1 24 Tf 72 720 Td (Diploma) Tj ET')),
);

const SCRIPT_OBJECTS = [
  '<< /Type /Catalog /Pages 2 0 R /Names << /JavaScript 6 0 R >> /OpenAction 7 0 R >>',
  '<< /Names [(x) 7 0 R] >>',
  '<< /Type /Action /S /JavaScript /JS (app.alert\\(1\\)) >>',
];

/** The object stream's text: its offsets header, and the objects after `gap` (counted in `/First`). */
function objectStreamText(gap = '') {
  let header = '';
  let body = '';
  SCRIPT_OBJECTS.forEach((object, index) => {
    header += `${[1, 6, 7][index]} ${body.length} `;
    body += `${object}\n`;
  });
  return { header: `${header}${gap}`, body };
}

/**
 * The catalogue, its `/Names /JavaScript` tree and a `/S /JavaScript` action, all inside one object
 * stream whose dictionary `dictionary` writes (given its `/First`) and whose data `encode` makes;
 * `extra` objects follow it (the first is object 6).
 */
export function pdfWithScriptStream(
  dictionary: (first: number) => string,
  encode: (text: Buffer) => Buffer,
  extra: string[] = [],
): Buffer {
  const { header, body } = objectStreamText();
  return pdfOf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      PAGES,
      PAGE,
      CONTENT,
      streamObject(dictionary(header.length), encode(Buffer.from(`${header}${body}`, 'latin1'))),
      ...extra,
    ],
    { trailer: '' },
  );
}

/** The script's object stream encoded as `filter` says (with `parms`), as poppler's `pdfinfo -js` prints it. */
export const pdfWithScriptBehind = (filter: string, encode: (data: Buffer) => Buffer, parms = ''): Buffer =>
  pdfWithScriptStream((first) => `/Type /ObjStm /N 3 /First ${first} /Filter ${filter} ${parms}`, encode);

function adler32(data: Buffer): number {
  let [a, b] = [1, 0];
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/**
 * The script's object stream as plain `/FlateDecode` whose zlib data opens with a stored block
 * holding `endstream` and `endobj`: a check that ends the stream at the keyword never inflates the
 * rest, which a reader reads by the stream's `/Length`. With `zlib` 'none', the same data as raw
 * deflate (no header, no checksum); with 'damaged', behind a zlib header whose check is wrong.
 */
export function pdfWithScriptPastFakeEndstream({
  lengthByReference = false,
  zlib = 'header',
}: { lengthByReference?: boolean; zlib?: 'header' | 'none' | 'damaged' } = {}): Buffer {
  const { header, body } = objectStreamText('\nendstream\nendobj\n');
  const stored = Buffer.from(header, 'latin1');
  const length = Buffer.alloc(5);
  length.writeUInt8(0, 0);
  length.writeUInt16LE(stored.length, 1);
  length.writeUInt16LE(~stored.length & 0xffff, 3);
  const text = Buffer.from(`${header}${body}`, 'latin1');
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(adler32(text));
  const deflated = [length, stored, deflateRawSync(Buffer.from(body, 'latin1'))];
  const zlibHeader = { header: [0x78, 0x01], none: [], damaged: [0x78, 0x02] }[zlib];
  const data = Buffer.concat([Buffer.from(zlibHeader), ...deflated, ...(zlib === 'none' ? [] : [checksum])]);
  const dictionary = `/Type /ObjStm /N 3 /First ${header.length} /Filter /FlateDecode`;
  return pdfWithObjectStream(dictionary, data, { lengthByReference });
}

/**
 * A page and the script's object stream `dictionary` over `data`; with `lengthByReference`, its
 * `/Length` is object 6, so only a reader resolving it knows where the data ends.
 */
function pdfWithObjectStream(dictionary: string, data: Buffer, { lengthByReference = false } = {}): Buffer {
  const objectStream = lengthByReference
    ? Buffer.concat([
        Buffer.from(`<< ${dictionary} /Length 6 0 R >>\nstream\n`, 'latin1'),
        data,
        Buffer.from('\nendstream', 'latin1'),
      ])
    : streamObject(dictionary, data);
  return pdfOf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      PAGES,
      PAGE,
      CONTENT,
      objectStream,
      ...(lengthByReference ? [String(data.length)] : []),
    ],
    { trailer: '' },
  );
}

/**
 * The script's object stream as `/RunLengthDecode` whose first literal run holds `endstream` and
 * `endobj` whole, the rest in runs of 3 bytes (no name readable in the raw bytes): with its
 * `/Length` by reference, only the encoding's own end marker (128) says where the data ends.
 */
export function pdfWithScriptPastFakeEndstreamInRunLength({ lengthByReference = true } = {}): Buffer {
  const { header, body } = objectStreamText('\nendstream\nendobj\n');
  const first = Buffer.from(header, 'latin1');
  const data = Buffer.concat([
    Buffer.from([first.length - 1]),
    first,
    runLength(Buffer.from(body, 'latin1'), 3),
  ]);
  const dictionary = `/Type /ObjStm /N 3 /First ${header.length} /Filter /RunLengthDecode`;
  return pdfWithObjectStream(dictionary, data, { lengthByReference });
}

/**
 * The script's object stream as plain `/FlateDecode` data crafted to read cleanly two ways: from its
 * first byte, a stored block of two bytes and an empty last block; after its first two (a reader
 * passing a damaged zlib header, `78 02`, by), a stored block of 65,533 bytes, then the script's
 * objects in raw deflate. `firstByte` 0 opens it as a stored block instead (no header a reader
 * would pass by, and the data is followed from its first byte).
 */
export function pdfWithScriptReadAfterTwoBytes({
  lengthByReference = false,
  firstByte = 0x78,
  damagedAfter = false,
} = {}): Buffer {
  const { header, body } = objectStreamText();
  const twoWays = Buffer.alloc(65_540, 0x20);
  Buffer.from([firstByte, 0x02, 0x00, 0xfd, 0xff, 0x02, 0x00, 0x03, 0x00]).copy(twoWays);
  const text = Buffer.from(`${header}${body}`, 'latin1');
  // With `damagedAfter`, the script's block is not the last, and a block of reserved type 3 follows.
  const script = damagedAfter
    ? Buffer.concat([
        deflateRawSync(text, { finishFlush: constants.Z_SYNC_FLUSH }),
        Buffer.from([0xff, 0xff]),
      ])
    : deflateRawSync(text);
  const data = Buffer.concat([twoWays, script]);
  const dictionary = `/Type /ObjStm /N 3 /First ${header.length} /Filter /FlateDecode`;
  return pdfWithObjectStream(dictionary, data, { lengthByReference });
}

/** Deflate data without the zlib header and checksum around it: lenient readers inflate it. */
export const rawDeflate = (data: Buffer): Buffer => deflateRawSync(data);

/** zlib data whose header check (FCHECK) is wrong: a reader that passes the header by inflates the rest. */
export function zlibWithDamagedHeader(data: Buffer): Buffer {
  const deflated = deflateSync(data);
  deflated[1] = (deflated[1] ?? 0) ^ 0x01;
  return deflated;
}

/** zlib data whose Adler-32 checksum, its last four bytes, is wrong: pdf.js inflates it all the same. */
export function zlibWithBadChecksum(data: Buffer): Buffer {
  const deflated = deflateSync(data);
  deflated[deflated.length - 1] = (deflated.at(-1) ?? 0) ^ 0xff;
  return deflated;
}

/** A content stream of `data` with the dictionary `dictionary` (and its `/Length`). */
export const pdfBombWith = (dictionary: string, data: Buffer): Buffer =>
  pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', PAGES, PAGE, streamObject(dictionary, data)]);

/** A content stream expanding to `bytes` zeros through `filter`. */
export const pdfBombBehind = (filter: string, data: Buffer, parms = ''): Buffer =>
  pdfBombWith(`/Filter ${filter} ${parms}`, data);

/** A PDF whose tail is a ZIP archive holding a deflated web page: an archive reader opens it. */
export function pdfZipPolyglot(pdf: Buffer): Buffer {
  const name = Buffer.from('page.html');
  const content = deflateSync(Buffer.from('<html><script>alert(1)</script></html>')).subarray(2, -4);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(pdf.length, 42);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(pdf.length + local.length + name.length + content.length, 16);
  return Buffer.concat([pdf, local, name, content, central, name, end]);
}

/**
 * A one-page PDF with a link annotation whose action is `/S /URI /URI <value>` (`value` as it stands
 * in the file: a literal or hex string, or a reference to object 6, a string to `javascript:`), in
 * the file's structure (object 5) or, with `inObjectStream`, as object 7 in a compressed object
 * stream (object 5). `catalog` adds entries to the catalogue.
 */
export function pdfWithLink(value: string, { inObjectStream = false, catalog = '' } = {}): Buffer {
  const link = `<< /Type /Annot /Subtype /Link /Rect [72 700 300 720] /A << /S /URI /URI ${value} >> >>`;
  const annotation = inObjectStream ? 7 : 5;
  const header = `${annotation} 0 `;
  return pdfOf([
    `<< /Type /Catalog /Pages 2 0 R ${catalog}>>`,
    PAGES,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Annots [${annotation} 0 R] >>`,
    CONTENT,
    inObjectStream
      ? streamObject(
          `/Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode`,
          deflateSync(Buffer.from(`${header}${link}`, 'latin1')),
        )
      : link,
    '(javascript:alert\\(1\\))',
  ]);
}
