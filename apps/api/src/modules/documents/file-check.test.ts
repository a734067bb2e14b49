import { describe, expect, it } from 'vitest';
import { acceptedContentType, attachmentDisposition, sanitiseFileName } from './file-check';

const PDF = Buffer.from('%PDF-1.4\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('acceptedContentType', () => {
  it('needs the magic bytes and a matching extension together', () => {
    expect(acceptedContentType(PDF, 'a.PDF')).toBe('application/pdf');
    expect(acceptedContentType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]), 'a.jpeg')).toBe('image/jpeg');
    expect(acceptedContentType(PNG, 'a.png')).toBe('image/png');
    expect(acceptedContentType(PDF, 'a.png')).toBeNull();
    expect(acceptedContentType(Buffer.from('MZ\x90\x00'), 'setup.pdf')).toBeNull();
    expect(acceptedContentType(Buffer.from('%PDF'), 'short.pdf')).toBeNull();
    expect(acceptedContentType(PDF, 'no-extension')).toBeNull();
  });
});

describe('sanitiseFileName', () => {
  it('keeps only the last path segment, on either separator', () => {
    expect(sanitiseFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(sanitiseFileName('C:\\Users\\ada\\..\\diploma.pdf')).toBe('diploma.pdf');
  });

  it('drops control, bidirectional and reserved characters and leading dots', () => {
    expect(sanitiseFileName('..\u0000hidden\u202e<fdp>.pdf')).toBe('hiddenfdp.pdf');
    expect(sanitiseFileName('  my   diploma.pdf ')).toBe('my diploma.pdf');
    expect(sanitiseFileName('')).toBe('document');
    expect(sanitiseFileName(undefined)).toBe('document');
  });

  it('shortens a long name to 120 characters, keeping the extension', () => {
    const name = sanitiseFileName(`${'a'.repeat(300)}.pdf`);
    expect(name).toHaveLength(120);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentDisposition('Università "Roma".pdf')).toBe(
      `attachment; filename="Universita Roma.pdf"; filename*=UTF-8''Universit%C3%A0%20%22Roma%22.pdf`,
    );
  });
});
