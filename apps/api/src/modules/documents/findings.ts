/** Why a file's content is refused (decision 058); the service words it for the applicant. */
export type ContentFinding =
  | { reason: 'holdsMarkup' }
  | { reason: 'activeContent'; name: string }
  | { reason: 'protected' }
  | { reason: 'expandsTooMuch' }
  | { reason: 'tooManyPixels' }
  | { reason: 'damaged' };

/** A format's check, fed the file's chunks as they arrive. */
export type FormatCheck = {
  write(chunk: Buffer): Promise<void>;
  finish(): Promise<ContentFinding[]>;
};
