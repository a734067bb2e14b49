import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachmentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'document';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A file only its reader may have: content, its length in bytes, the name to save it under. */
export type PrivateFile = {
  content: Readable | Buffer;
  size: number;
  fileName: string;
  contentType: string;
};

/**
 * The policy of every file the API sends: a sandbox with nothing allowed, so that even a browser
 * that opened the file itself (a PDF viewer, an HTML polyglot) runs none of its scripts and loads
 * nothing (decision 058).
 */
export const FILE_CONTENT_SECURITY_POLICY = "sandbox; default-src 'none'";

/** Sends `file` as a download that neither browsers nor proxies keep, sniff or run. */
export function sendPrivateFile(reply: FastifyReply, file: PrivateFile): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', FILE_CONTENT_SECURITY_POLICY)
    .header('cache-control', 'private, no-store')
    .send(file.content);
}
