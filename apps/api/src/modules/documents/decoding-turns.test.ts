import { deflateSync } from 'node:zlib';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { asciiHex, pdfBombBehind, pdfWithScriptBehind } from '../../../test/pdf-attacks';
import { ContentCheck } from './content-check';
import { declaredDecodings } from './pdf-check';

const LIMITS = { pdfMaxInflatedBytes: 8 * 1024 * 1024, imageMaxPixels: 100_000_000 };

async function findingOf(bytes: Buffer) {
  const check = new ContentCheck('upload.pdf', LIMITS);
  for (let offset = 0; offset < bytes.length; offset += 16 * 1024)
    await check.write(bytes.subarray(offset, offset + 16 * 1024));
  return check.finish();
}

describe('declared decodings (decision 098)', () => {
  it('run one at a time across uploads, the others waiting their turn, each to its own finding', async () => {
    const bomb = pdfBombBehind(
      '[/ASCIIHexDecode /FlateDecode]',
      asciiHex(deflateSync(Buffer.alloc(32 << 20))),
    );
    const script = pdfWithScriptBehind('[/ASCIIHexDecode /FlateDecode]', (data) =>
      asciiHex(deflateSync(data)),
    );
    const seen = { running: 0, waiting: 0 };
    let isDone = false;
    const all = Promise.all([bomb, script, bomb, script, bomb, script].map(findingOf)).finally(
      () => (isDone = true),
    );
    while (!isDone) {
      seen.running = Math.max(seen.running, declaredDecodings.activeCount);
      seen.waiting = Math.max(seen.waiting, declaredDecodings.pendingCount);
      await nextTurn();
    }
    expect((await all).map((finding) => finding?.reason)).toEqual([
      'expandsTooMuch',
      'activeContent',
      'expandsTooMuch',
      'activeContent',
      'expandsTooMuch',
      'activeContent',
    ]);
    // Six uploads decoding at once would hold six budgets in memory: one ran, the others waited.
    expect(seen.running).toBe(1);
    expect(seen.waiting).toBeGreaterThan(0);
  });
});
