/**
 * What an uploaded document may be and hold, and how much an applicant may keep (decision 058).
 * The API inspects every file's bytes against these lists as it arrives; the limits' defaults
 * are the configuration's (README).
 */

/**
 * The files a request's documents may be. Here rather than in practice.ts: the upload's progress,
 * on the public verify page too, needs none of the request's schemas (decision 079).
 */
export const ACCEPTED_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

export type AcceptedDocumentType = (typeof ACCEPTED_DOCUMENT_TYPES)[number];

/**
 * Each accepted type: the name messages call it by, the extensions its file may carry, and the
 * bytes its content starts with (its magic bytes).
 */
export const DOCUMENT_FORMATS: Record<
  AcceptedDocumentType,
  { label: string; extensions: readonly string[]; magic: readonly number[] }
> = {
  'application/pdf': { label: 'PDF', extensions: ['pdf'], magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  'image/jpeg': { label: 'JPEG', extensions: ['jpg', 'jpeg'], magic: [0xff, 0xd8, 0xff] },
  'image/png': {
    label: 'PNG',
    extensions: ['png'],
    magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  },
};

/** How many leading bytes tell every accepted type apart: the longest magic. */
export const MAGIC_BYTES = Math.max(...Object.values(DOCUMENT_FORMATS).map(({ magic }) => magic.length));

/**
 * The accepted type a file's first bytes say it is, whatever its name or declared type; null for
 * any other content. The API reads it with the extension (decision 018); the public verify page
 * reads it alone, before it sends a file (decision 079).
 */
export const typeByContent = (head: Uint8Array): AcceptedDocumentType | null =>
  ACCEPTED_DOCUMENT_TYPES.find((type) =>
    DOCUMENT_FORMATS[type].magic.every((byte, index) => head[index] === byte),
  ) ?? null;

/** A file name's extension, lower case, without its dot; empty when it has none. */
export const extensionOf = (fileName: string) => /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';

/**
 * The accepted type a file's name claims (`scan.pdf`: a PDF, any case), whatever its content or
 * the type its system declared; null for any other name. The API requires the content to agree
 * (decision 018); the uploader checks the name before it sends a file, since a system may declare
 * no type, or another (`application/x-pdf`), for a file it does not know.
 */
export const typeByName = (fileName: string): AcceptedDocumentType | null =>
  ACCEPTED_DOCUMENT_TYPES.find((type) => DOCUMENT_FORMATS[type].extensions.includes(extensionOf(fileName))) ??
  null;

/**
 * A file input's `accept` for `types`: each type and its file extensions, so that a system that
 * types no file still offers the right ones (`application/pdf,.pdf`).
 */
export const acceptedFiles = (types: readonly AcceptedDocumentType[]): string =>
  types
    .flatMap((type) => [type, ...DOCUMENT_FORMATS[type].extensions.map((extension) => `.${extension}`)])
    .join(',');

/**
 * The same for a drop zone (react-dropzone's `accept`): each type with its extensions, so a file
 * dropped with no declared type is taken by its name, as the API judges it.
 */
export const acceptedFilesByType = (types: readonly AcceptedDocumentType[]): Record<string, string[]> =>
  Object.fromEntries(
    types.map((type) => [type, DOCUMENT_FORMATS[type].extensions.map((extension) => `.${extension}`)]),
  );

/**
 * PDF names that make a document act instead of being read. A PDF that holds any of them, in its
 * bytes or in a compressed stream, is refused. `/OpenAction` and `/AA` themselves are not on the
 * list: they also set the page a document opens at; the actions that make them dangerous are.
 */
export const PDF_ACTIVE_CONTENT_NAMES = [
  // Scripts: a JavaScript action (from /OpenAction, /AA, a link or a field) and the document's script tree.
  'JavaScript',
  // Actions that start a program, send form data out, read a file in, or open another file
  // (on a network share, one that leaks the reader's Windows credentials).
  'Launch',
  'SubmitForm',
  'ImportData',
  'GoToR',
  'GoToE',
  // Files carried inside the document.
  'EmbeddedFile',
  'EmbeddedFiles',
  'FileAttachment',
  // Players for media and 3D, which run scripts of their own.
  'RichMedia',
  'Rendition',
  'Movie',
  'Sound',
  'OnInstantiate',
] as const;

/**
 * Short PDF names, looked for only in the document's structure (outside stream data, and inside
 * object streams): in compressed or image bytes three letters occur by chance.
 */
export const PDF_ACTIVE_CONTENT_SHORT_NAMES = [
  // The script of a JavaScript action.
  'JS',
  // XML forms (XFA), with scripts of their own and outside the PDF's rules.
  'XFA',
  // 3D annotations (U3D, PRC): a player with scripts of its own, whose parsers readers have had to
  // patch again and again (issue #32's third probe).
  '3D',
] as const;

/**
 * The schemes a link in a PDF (a `/URI` action) may open, as pdf.js allows them: a web page, a mail
 * or a phone number. A link to `javascript:`, `file:`, a share or an application's own scheme is
 * active content (issue #32); so is a link the check cannot read (an indirect string).
 */
export const PDF_LINK_SCHEMES = ['http', 'https', 'ftp', 'mailto', 'tel'] as const;

/** A PDF with this name in its trailer is encrypted: its streams cannot be inspected, so it is refused. */
export const PDF_ENCRYPTION_NAME = 'Encrypt';

/**
 * Tags a browser would render as a web page if it ever took the file for HTML (a polyglot): found
 * anywhere in a PDF's or an image's bytes, followed by a space, `/` or `>`, the file is refused
 * (read byte by byte, and read as UTF-16 in either byte order). Shorter tags (`<a`, `<p`) would
 * turn up by chance in compressed bytes, and `<body` is how PDF rich-text comments are written:
 * those, like any tag, are refused with an event handler attribute (`<body onload=…>`; the API's
 * `markup-scan.ts`).
 */
export const MARKUP_TAGS = [
  '!doctype',
  'html',
  'head',
  'script',
  'iframe',
  'frameset',
  'object',
  'embed',
  'style',
  'meta',
  'math',
  'base',
] as const;

/**
 * Tags of three letters, refused only whole: `<svg ` or `<svg/` and attributes of printable ASCII
 * up to `>`, or `<svg>` with another tag right after it. Followed by any delimiter they would turn
 * up about once in 9 GB of random bytes (compressed streams, image data), once per thousand large
 * files; so written, about once in 2,000 GB. With an event handler (`<svg/onload=…>`,
 * `<img src=x onerror=…>`) they are refused whatever the bytes in the tag.
 */
export const MARKUP_SHORT_TAGS = ['svg', 'img'] as const;

const MEGABYTE = 1024 * 1024;

/** Defaults of the upload limits the configuration may change (README, decision 058). */
export const UPLOAD_LIMIT_DEFAULTS = {
  /** All of one applicant's documents together. */
  storageQuotaBytes: 100 * MEGABYTE,
  /** Documents of one applicant attached to no request. */
  unattachedDocumentsMax: 10,
  /** A document attached to no request is deleted this long after its upload. */
  unattachedDocumentTtlHours: 24,
  /** What a PDF's compressed streams may expand to, all together. */
  pdfMaxInflatedBytes: 128 * MEGABYTE,
} as const;

/**
 * How many documents one request holds, whatever their size: far more than any request needs, and
 * a ceiling on the rows the applicant's page and the staff's workspace of the request list whole
 * (409 REQUEST_DOCUMENTS_LIMIT beyond). A replacement takes no new place.
 */
export const DOCUMENTS_PER_REQUEST_MAX = 100;

/** Images larger than this (width × height) are refused: a small file could expand to gigabytes in a viewer. */
export const IMAGE_MAX_PIXELS = 100_000_000;
