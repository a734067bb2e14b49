import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asciiHex, pdfBombBehind, pdfWithScriptBehind } from '../../../test/pdf-attacks';
import { jpegOf, pdfWithOpenActionScript, plainPdf, pngOf } from '../../../test/samples';
import { BACKGROUND_THREAD_NICENESS } from '../../platform/background-thread';
import { createCheckPool, uploadCheck, type CheckPool } from './check-pool';

/**
 * The upload check on its thread (decision 098): the worker is built from the sources as the
 * build makes `dist/check-worker.js`, and fed files in chunks as uploads bring them.
 */
const LIMITS = { pdfMaxInflatedBytes: 1024 * 1024, imageMaxPixels: 100_000_000 };
let folder: string;
let pool: CheckPool;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'lisbon-check-worker-'));
  const outfile = join(folder, 'check-worker.mjs');
  await build({
    entryPoints: [join(import.meta.dirname, 'check-worker.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'warning',
    // Bundled CommonJS packages call require(): an ES module gets one made for it.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  pool = createCheckPool(outfile);
}, 60_000);

afterAll(async () => {
  await pool?.destroy();
  rmSync(folder, { recursive: true, force: true });
});

/** A thread's nice value, from its Linux `stat` (field 19, the 17th after the command's name). */
const nicenessIn = (statFile: string) => {
  const stat = readFileSync(statFile, 'latin1');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};
const nicenessOfThreads = () =>
  readdirSync('/proc/self/task').map((thread) => nicenessIn(`/proc/self/task/${thread}/stat`));

async function findingOf(name: string, bytes: Buffer, size: number, onThread = true) {
  const check = uploadCheck(name, LIMITS, onThread ? pool : null);
  for (let offset = 0; offset < bytes.length; offset += size)
    await check.write(bytes.subarray(offset, offset + size));
  return check.finish();
}

describe('the upload check on its thread', () => {
  it.each([
    ['plain.pdf', plainPdf(), null],
    ['photo.jpg', jpegOf({ width: 32, height: 16 }), null],
    ['scan.png', pngOf(), null],
    ['script.pdf', pdfWithOpenActionScript(), 'activeContent'],
    ['hidden.pdf', pdfWithScriptBehind('/ASCIIHexDecode', asciiHex), 'activeContent'],
    [
      'bomb.pdf',
      pdfBombBehind('[/ASCIIHexDecode /FlateDecode]', asciiHex(deflateSync(Buffer.alloc(8 << 20)))),
      'expandsTooMuch',
    ],
  ])(
    'finds in %s what the check in place finds, in chunks of 1 KiB and 64 KiB',
    async (name, bytes, reason) => {
      const inPlace = await findingOf(name, bytes, 64 * 1024, false);
      expect(inPlace?.reason ?? null).toBe(reason);
      const completed = pool.completed;
      expect(await findingOf(name, bytes, 1024)).toEqual(inPlace);
      expect(await findingOf(name, bytes, 64 * 1024)).toEqual(inPlace);
      // Each check was a task of the pool's one thread.
      expect(pool.completed).toBe(completed + 2);
      expect(pool.threads).toHaveLength(1);
    },
  );

  it('runs uploads side by side: one waiting for its next chunk holds no other up', async () => {
    const slow = uploadCheck('slow.pdf', LIMITS, pool);
    const bytes = pdfWithOpenActionScript();
    await slow.write(bytes.subarray(0, 100));
    expect(await findingOf('other.pdf', plainPdf(), 512)).toBeNull();
    await slow.write(bytes.subarray(100));
    expect(await slow.finish()).toEqual({ reason: 'activeContent', name: 'JavaScript' });
  });

  it('fails the uploads of a thread that ended, never leaving a write waiting, then takes the next', async () => {
    const bytes = plainPdf();
    const checks = [uploadCheck('one.pdf', LIMITS, pool), uploadCheck('two.pdf', LIMITS, pool)];
    for (const check of checks) await check.write(bytes.subarray(0, 100));
    // One chunk on its way as the thread ends (answered or not), the other check between chunks.
    const onItsWay = Promise.allSettled([checks[0]!.write(bytes.subarray(100, 200))]);
    await pool.threads[0]!.terminate();
    await onItsWay;
    for (const check of checks) {
      await expect(check.write(bytes.subarray(200))).rejects.toThrow();
      await expect(check.finish()).rejects.toThrow();
    }
    // Piscina starts another thread for the next upload.
    expect(await findingOf('next.pdf', pdfWithOpenActionScript(), 512)).toEqual({
      reason: 'activeContent',
      name: 'JavaScript',
    });
  });

  it('reads a structure of long runs in one pass, so one upload cannot hold every other check up', async () => {
    // A megabyte of lowercase letters before a stream's dictionary, and `/F[` keys no `]` closes:
    // both were read in work growing with the square of their length (hours for these files), on
    // the one thread every upload's check shares (decision 083). The watchdog ends the thread then.
    const structure = (filler: string) =>
      Buffer.from(`%PDF-1.4\n${filler}\nstream\nabcd\nendstream\n%%EOF\n`, 'latin1');
    const files = [structure('a'.repeat(1 << 20)), structure('/F['.repeat(1 << 18))];
    let watchdog: NodeJS.Timeout | undefined;
    const ended = new Promise<'ended'>((resolve) => {
      watchdog = setTimeout(() => {
        void Promise.all(pool.threads.map((thread) => thread.terminate())).then(() => resolve('ended'));
      }, 60_000);
    });
    const checked = Promise.all([
      ...files.map((bytes, index) => findingOf(`runs-${index}.pdf`, bytes, 64 * 1024)),
      findingOf('plain.pdf', plainPdf(), 64 * 1024),
    ]);
    try {
      expect(await Promise.race([checked, ended])).toEqual([null, null, null]);
    } finally {
      clearTimeout(watchdog);
    }
  }, 120_000);

  it('checks at the lowest priority, the process itself at its own', async () => {
    expect(await findingOf('plain.pdf', plainPdf(), 512)).toBeNull();
    expect(pool.threads).toHaveLength(1);
    // The pool's one thread, and that thread only: the process's main thread is not lowered.
    expect(nicenessOfThreads().filter((niceness) => niceness === BACKGROUND_THREAD_NICENESS)).toHaveLength(1);
    expect(nicenessIn('/proc/self/stat')).toBe(0);
  });

  it('ends an abandoned check with its task, and takes the next upload', async () => {
    const completed = pool.completed;
    const abandoned = uploadCheck('gone.pdf', LIMITS, pool);
    await abandoned.write(plainPdf().subarray(0, 200));
    abandoned.abandon();
    await expect.poll(() => pool.completed).toBe(completed + 1);
    expect(await findingOf('next.pdf', pdfWithOpenActionScript(), 256)).toEqual({
      reason: 'activeContent',
      name: 'JavaScript',
    });
  });
});
