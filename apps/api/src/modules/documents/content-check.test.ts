import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  jpegMagicThenHtml,
  jpegOf,
  pdfHtmlPolyglot,
  pdfOf,
  pdfOpeningFitted,
  pdfWithOpenActionScript,
  pdfWithScriptInObjectStream,
  plainPdf,
  pngOf,
  streamObject,
} from '../../../test/samples';
import { pdfZipPolyglot } from '../../../test/pdf-attacks';
import { ContentCheck } from './content-check';
import { decodePdfName, pdfNamesPattern, TextScanner } from './text-scan';

const LIMITS = { pdfMaxInflatedBytes: 1024 * 1024, imageMaxPixels: 100_000_000 };

/** The finding for `bytes` arriving in chunks of `size` bytes, as a slow upload would bring them. */
async function findingOf(name: string, bytes: Buffer, size: number) {
  const check = new ContentCheck(name, LIMITS);
  for (let offset = 0; offset < bytes.length; offset += size)
    await check.write(bytes.subarray(offset, offset + size));
  return check.finish();
}

const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';

describe('content inspection, whatever the chunk boundaries', () => {
  it.each([
    ['plain.pdf', plainPdf(), null],
    ['fitted.pdf', pdfOpeningFitted(), null],
    ['photo.jpg', jpegOf({ width: 32, height: 16 }), null],
    ['scan.png', pngOf(), null],
    ['script.pdf', pdfWithOpenActionScript(), { reason: 'activeContent', name: 'JavaScript' }],
    ['hidden.pdf', pdfWithScriptInObjectStream(), { reason: 'activeContent', name: 'JavaScript' }],
    ['page.pdf', pdfHtmlPolyglot(), { reason: 'holdsMarkup' }],
    ['page.jpg', jpegMagicThenHtml(), { reason: 'holdsMarkup' }],
  ])('%s in chunks of 1, 7 and 64 KiB bytes', async (name, bytes, expected) => {
    for (const size of [1, 7, 65_536]) expect(await findingOf(name, bytes, size)).toEqual(expected);
  });

  it('refuses a PDF or a ZIP riding after a JPEG’s end, and keeps a motion photo’s video (third probe)', async () => {
    const photo = jpegOf({ width: 32, height: 16 });
    const withPdf = Buffer.concat([photo, pdfWithScriptInObjectStream()]);
    const withZip = pdfZipPolyglot(photo);
    // A phone's motion photo: an MP4 after EOI ('ftyp' box), bytes of every value in it.
    const video = Buffer.concat([
      Buffer.from('\x00\x00\x00\x18ftypmp42', 'latin1'),
      Buffer.from(Array.from({ length: 200_000 }, (_, index) => (index * 7919) % 251)),
    ]);
    for (const size of [1, 7, 65_536]) {
      expect(await findingOf('photo.jpg', withPdf, size)).toEqual({
        reason: 'activeContent',
        name: 'PDF document',
      });
      expect(await findingOf('photo.jpg', withZip, size)).toEqual({
        reason: 'activeContent',
        name: 'ZIP archive',
      });
      expect(await findingOf('motion.jpg', Buffer.concat([photo, video]), size)).toBeNull();
    }
  });

  it('refuses a 3D annotation, and keeps a page whose text says 3D', async () => {
    const annotated = pdfOf([CATALOG, '<< /Type /Annot /Subtype /3D /Rect [0 0 10 10] /3DD 9 0 R >>']);
    const text = pdfOf([CATALOG, streamObject('', Buffer.from('BT (Diploma in /3D modelling) Tj ET'))]);
    for (const size of [3, 65_536]) {
      expect(await findingOf('a.pdf', annotated, size)).toEqual({ reason: 'activeContent', name: '3D' });
      expect(await findingOf('a.pdf', text, size)).toBeNull();
    }
  });

  it('finds a short name in an object stream, not in a page’s text or in stream data', async () => {
    const objectStream = pdfOf([
      CATALOG,
      streamObject(
        '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode',
        deflateSync('5 0 << /S /X /JS (x) >>'),
      ),
    ]);
    const pageText = pdfOf([
      CATALOG,
      streamObject('/Filter /FlateDecode', deflateSync('BT (HTML/JS ) Tj ET')),
    ]);
    const rawData = pdfOf([CATALOG, streamObject('', Buffer.from('/JS /XFA '))]);
    expect(await findingOf('a.pdf', objectStream, 5)).toEqual({ reason: 'activeContent', name: 'JS' });
    expect(await findingOf('a.pdf', pageText, 5)).toBeNull();
    expect(await findingOf('a.pdf', rawData, 5)).toBeNull();
  });

  it('refuses a PDF whose streams expand past the bound, and one that is encrypted', async () => {
    const bomb = pdfOf([
      CATALOG,
      streamObject('/Filter /FlateDecode', deflateSync(Buffer.alloc(2 * 1024 * 1024))),
    ]);
    expect(await findingOf('a.pdf', bomb, 4096)).toEqual({ reason: 'expandsTooMuch' });
    expect(await findingOf('a.pdf', pdfOf([CATALOG], { trailer: '/Encrypt 9 0 R ' }), 3)).toEqual({
      reason: 'protected',
    });
  });

  it('leaves the type check to the service: a file of no accepted type is not inspected further', async () => {
    expect(await findingOf('notes.pdf', Buffer.from('plain text'), 4)).toBeNull();
  });
});

describe('PDF names', () => {
  it('match whole names only, however their characters are escaped', () => {
    const pattern = pdfNamesPattern(['JavaScript', 'JS']);
    const found = (text: string) => [...text.matchAll(pattern)].map((match) => decodePdfName(match[1] ?? ''));
    expect(found('/S /J#61v#61Script /JS(x)')).toEqual(['JavaScript', 'JS']);
    expect(found('/JavaScriptX /JSON /XJS ')).toEqual([]);
  });
});

describe('TextScanner', () => {
  it('reports a match once, also when it is cut by a boundary or waits for its next character', () => {
    const found: number[] = [];
    const scanner = new TextScanner(/\/JS(?=[ >])/g, 16, (match) => found.push(match.index));
    for (const piece of ['<< /J', 'S >> /JS', ' >> /JS']) scanner.feed(piece);
    scanner.end();
    expect(found).toHaveLength(3);
  });
});
