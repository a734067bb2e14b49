import { acceptedContentType, HEAD_BYTES, type AcceptedContentType } from './file-check';
import { jpegCheck, pngCheck } from './image-check';
import { PdfCheck } from './pdf-check';
import type { ContentFinding, FormatCheck } from './findings';
import { MarkupScan } from './markup-scan';

export type { ContentFinding } from './findings';

/** The most telling reason first, when a file has several. */
const PRIORITY: ContentFinding['reason'][] = [
  'holdsMarkup',
  'activeContent',
  'protected',
  'expandsTooMuch',
  'tooManyPixels',
  'damaged',
];

/** One format's inspection, fed the file's bytes in order. */

export type ContentLimits = { pdfMaxInflatedBytes: number; imageMaxPixels: number };

function formatCheck(contentType: AcceptedContentType, limits: ContentLimits): FormatCheck {
  switch (contentType) {
    case 'application/pdf':
      return new PdfCheck(limits.pdfMaxInflatedBytes);
    case 'image/jpeg':
      return jpegCheck(limits.imageMaxPixels);
    case 'image/png':
      return pngCheck(limits.imageMaxPixels);
  }
}

/**
 * Inspects an upload's bytes as they stream to the store, for the type its first bytes and name
 * give it (a file of no accepted type is refused for that, by the service): markup anywhere in
 * the file, then what its format's check finds. `finish` answers the finding to refuse it for,
 * or null.
 */
export class ContentCheck {
  private readonly head: Buffer[] = [];
  private headLength = 0;
  private check: FormatCheck | null | undefined;
  private readonly markup = new MarkupScan();

  constructor(
    private readonly fileName: string,
    private readonly limits: ContentLimits,
  ) {}

  async write(chunk: Buffer): Promise<void> {
    this.markup.feed(chunk);
    if (this.check === undefined) {
      this.head.push(chunk);
      this.headLength += chunk.length;
      if (this.headLength < HEAD_BYTES) return;
      await this.choose();
      return;
    }
    await this.check?.write(chunk);
  }

  async finish(): Promise<ContentFinding | null> {
    this.markup.end();
    if (this.check === undefined) await this.choose();
    const findings = [
      ...(this.markup.found ? [{ reason: 'holdsMarkup' } as const] : []),
      ...((await this.check?.finish()) ?? []),
    ];
    for (const reason of PRIORITY) {
      const finding = findings.find((found) => found.reason === reason);
      if (finding) return finding;
    }
    return null;
  }

  private async choose(): Promise<void> {
    const head = Buffer.concat(this.head);
    const contentType = acceptedContentType(head, this.fileName);
    this.check = contentType ? formatCheck(contentType, this.limits) : null;
    this.head.length = 0;
    await this.check?.write(head);
  }
}
