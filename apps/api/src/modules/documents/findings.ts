/** Why a file's content is refused (decision 058); the service words it for the applicant. */
export type ContentFinding =
  | { reason: 'holdsMarkup' }
  | { reason: 'activeContent'; name: string }
  | { reason: 'protected' }
  | { reason: 'expandsTooMuch' }
  | { reason: 'tooManyPixels' }
  | { reason: 'damaged' };

/**
 * A ZIP's local file header and its end of central directory: together, an archive that any unzip
 * tool opens rides in the file (a polyglot, decision 083), after a PDF's end or a JPEG's.
 */
export const ZIP_LOCAL_HEADER = Buffer.from('PK\x03\x04', 'latin1');
export const ZIP_DIRECTORY_END = Buffer.from('PK\x05\x06', 'latin1');

/** A format's check, fed the file's chunks as they arrive. */
export type FormatCheck = {
  write(chunk: Buffer): Promise<void>;
  finish(): Promise<ContentFinding[]>;
};
