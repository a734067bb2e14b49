import { renderTextDocument, type TextDocument } from './text-document';

/**
 * The render pool's worker (render-pool.ts): one text document per task, on a thread of its own.
 * Built as `dist/render-worker.js` beside `dist/main.js` (scripts/build.mjs).
 */
export default function render(document: TextDocument): Promise<Uint8Array> {
  return renderTextDocument(document);
}
