import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { renderTextDocument, type TextDocument } from './text-document';

/**
 * Text documents rendered on request (the consent form, a waybill) are drawn on a worker thread
 * (piscina 5), not on the event loop every other user's calls share: one render takes 0.1–0.45 s
 * of CPU, and during it nothing else would be answered (decision 084). One thread: the machine the
 * portal targets has two cores, and the render budget already bounds what one user asks for.
 *
 * The worker is the built `render-worker.js` beside the running bundle (`dist/main.js`, `dist/cli.js`).
 * Run from the sources (tests, `tsx`), there is no such file: documents are rendered in place.
 */
const WORKER_FILE = fileURLToPath(new URL('./render-worker.js', import.meta.url));

let pool: Piscina<TextDocument, Uint8Array> | null | undefined;

const poolOf = () => {
  pool ??= existsSync(WORKER_FILE)
    ? new Piscina<TextDocument, Uint8Array>({
        filename: WORKER_FILE,
        minThreads: 0,
        maxThreads: 1,
        // A thread idle for a minute ends; the next render starts one again (about 0.1 s).
        idleTimeout: 60_000,
      })
    : null;
  return pool;
};

export async function renderTextDocumentOffThread(document: TextDocument): Promise<Uint8Array> {
  const threads = poolOf();
  return threads ? new Uint8Array(await threads.run(document)) : renderTextDocument(document);
}
