import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  ascii85,
  asciiHex,
  lzw,
  pdfBombBehind,
  pdfWithScriptBehind,
  pdfZipPolyglot,
  pngUp,
  runLength,
  runLengthZeros,
} from '../../../test/pdf-attacks';
import { plainPdf } from '../../../test/samples';
import { ContentCheck } from './content-check';

const LIMITS = { pdfMaxInflatedBytes: 1024 * 1024, imageMaxPixels: 100_000_000 };

async function findingOf(bytes: Buffer, size = 4096) {
  const check = new ContentCheck('a.pdf', LIMITS);
  for (let offset = 0; offset < bytes.length; offset += size)
    await check.write(bytes.subarray(offset, offset + size));
  return check.finish();
}

const SCRIPT = { reason: 'activeContent', name: 'JavaScript' };
const BOMB = { reason: 'expandsTooMuch' };
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
