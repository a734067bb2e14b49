import type { Piscina } from 'piscina';
import { backgroundPool, builtWorker } from '../background-thread';
import { renderTextDocument, type TextDocument } from './text-document';

/**
 * Text documents rendered on request (the consent form, a waybill) are drawn on a worker thread,
 * not on the event loop every other user's calls share: one render takes 0.1–0.45 s of CPU, and
 * during it nothing else would be answered (decision 084). The render budget bounds what one user
 * asks for; `backgroundPool` gives the one thread at the lowest priority.
 *
 * The worker is the built `render-worker.js` beside the running bundle (`dist/main.js`,
 * `dist/cli.js`); run from the sources, documents are rendered in place.
 */
const WORKER_URL = new URL('./render-worker.js', import.meta.url);

let pool: Piscina<TextDocument, Uint8Array> | null | undefined;

const poolOf = () => {
  if (pool === undefined) {
    const file = builtWorker(WORKER_URL);
    pool = file ? backgroundPool<TextDocument, Uint8Array>(file) : null;
  }
  return pool;
};

export async function renderTextDocumentOffThread(document: TextDocument): Promise<Uint8Array> {
  const threads = poolOf();
  return threads ? new Uint8Array(await threads.run(document)) : renderTextDocument(document);
}
