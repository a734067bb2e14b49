import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * Documents rendered on request (the consent form, a waybill), kept by what they were rendered
 * from: the same input is rendered once, and calls for it while it renders wait for that render
 * (decision 084). Kept in this process's memory, up to `maxBytes`, least recently used out first.
 */
export type KeptDocuments = {
  /**
   * The document of `kind` for `input` (anything JSON: what changes its content). Not kept yet:
   * `charge` runs first (it may refuse, as a per-user budget does), then `render`.
   */
  get(
    kind: string,
    input: unknown,
    render: () => Promise<Uint8Array>,
    charge?: () => Promise<void>,
  ): Promise<Uint8Array>;
};

export const KEPT_DOCUMENTS_MAX_BYTES = 64 * 1024 * 1024;

export function createKeptDocuments(maxBytes = KEPT_DOCUMENTS_MAX_BYTES): KeptDocuments {
  const kept = new LRUCache<string, Uint8Array>({
    maxSize: maxBytes,
    sizeCalculation: (document) => Math.max(1, document.byteLength),
  });
  const rendering = new Map<string, Promise<Uint8Array>>();
  return {
    get(kind, input, render, charge) {
      const key = `${kind}:${createHash('sha256').update(JSON.stringify(input)).digest('hex')}`;
      const document = kept.get(key);
      if (document) return Promise.resolve(document);
      const pending = rendering.get(key);
      if (pending) return pending;
      const rendered = (async () => {
        await charge?.();
        const fresh = await render();
        kept.set(key, fresh);
        return fresh;
      })().finally(() => rendering.delete(key));
      rendering.set(key, rendered);
      return rendered;
    },
  };
}
