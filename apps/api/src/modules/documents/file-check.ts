import { extensionOf, typeByContent, typeByName, type AcceptedDocumentType } from '@lisbon/domain';

export type AcceptedContentType = AcceptedDocumentType;

/** How many leading bytes the type check reads. */
export const HEAD_BYTES = 16;

/**
 * The accepted type of a file, judged by its content (magic bytes, the domain's `typeByContent`)
 * AND its name: a PDF must start with `%PDF-` and be named `.pdf`, and so on. Null for anything
 * else, such as an executable or a text file renamed `.pdf`. The type the client declared is never
 * trusted.
 */
export function acceptedContentType(head: Uint8Array, fileName: string): AcceptedContentType | null {
  const contentType = typeByContent(head);
  return contentType && typeByName(fileName) === contentType ? contentType : null;
}

const MAX_NAME_LENGTH = 120;

/**
 * The name a file is shown and downloaded under: the last path segment only, without control or
 * reserved characters, at most 120 characters with its extension kept. Never used on disk.
 */
export function sanitiseFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}<>:"|?*]/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')
    .trim();
  if (cleaned === '') return 'document';
  if (cleaned.length <= MAX_NAME_LENGTH) return cleaned;
  const extension = extensionOf(cleaned);
  const keep = extension ? MAX_NAME_LENGTH - extension.length - 1 : MAX_NAME_LENGTH;
  return extension ? `${cleaned.slice(0, keep)}.${extension}` : cleaned.slice(0, keep);
}

export { attachmentDisposition } from '../../platform/http/download';
