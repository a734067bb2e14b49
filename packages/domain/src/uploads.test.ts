import { describe, expect, it } from 'vitest';
import { acceptedFiles, MAGIC_BYTES, typeByContent } from './uploads';

const bytes = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));

describe('typeByContent', () => {
  it('reads the type from the first bytes alone', () => {
    expect(typeByContent(bytes('%PDF-1.7\n'))).toBe('application/pdf');
    expect(typeByContent(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(typeByContent(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
  });

  it('takes no other content, nor a header cut short', () => {
    expect(typeByContent(bytes('%PDF'))).toBeNull();
    expect(typeByContent(bytes('MZ\x90\x00'))).toBeNull();
    expect(typeByContent(new Uint8Array())).toBeNull();
  });

  it('needs no more than MAGIC_BYTES to tell', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    expect(typeByContent(png.subarray(0, MAGIC_BYTES))).toBe('image/png');
  });
});

describe('acceptedFiles', () => {
  it('names each type and the extensions its files carry', () => {
    expect(acceptedFiles(['application/pdf'])).toBe('application/pdf,.pdf');
    expect(acceptedFiles(['image/jpeg', 'image/png'])).toBe('image/jpeg,.jpg,.jpeg,image/png,.png');
  });
});
