import { DOCUMENT_FORMATS, type AcceptedDocumentType } from '@lisbon/domain';

export type AcceptedContentType = AcceptedDocumentType;

/** How many leading bytes the type check reads. */
export const HEAD_BYTES = 16;

const SIGNATURES: { contentType: AcceptedContentType; bytes: number[] }[] = [
  { contentType: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { contentType: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { contentType: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

const extensionOf = (fileName: string) => /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';

/**
 * The accepted type of a file, judged by its content (magic bytes) AND its name: a PDF must start
 * with `%PDF-` and be named `.pdf`, and so on. Null for anything else, such as an executable or a
 * text file renamed `.pdf`. The type the client declared is never trusted.
 */
export function acceptedContentType(head: Uint8Array, fileName: string): AcceptedContentType | null {
  const extension = extensionOf(fileName);
  const match = SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte));
  return match && DOCUMENT_FORMATS[match.contentType].extensions.includes(extension)
    ? match.contentType
    : null;
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
