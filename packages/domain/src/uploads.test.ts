import { describe, expect, it } from 'vitest';
import { acceptedFiles, claimsType } from './uploads';

describe('claimsType', () => {
  it('takes the type the browser gives, whatever the name', () => {
    expect(claimsType({ type: 'application/pdf', name: 'statement' }, 'application/pdf')).toBe(true);
    expect(claimsType({ type: 'image/gif', name: 'statement.pdf' }, 'application/pdf')).toBe(false);
  });

  it('reads the extension only where the system gave no type', () => {
    expect(claimsType({ type: '', name: 'Statement.PDF' }, 'application/pdf')).toBe(true);
    expect(claimsType({ type: '', name: 'scan.jpeg' }, 'image/jpeg')).toBe(true);
    expect(claimsType({ type: '', name: 'statement.pdf.exe' }, 'application/pdf')).toBe(false);
  });
});

describe('acceptedFiles', () => {
  it('names each type and the extensions its files carry', () => {
    expect(acceptedFiles(['application/pdf'])).toBe('application/pdf,.pdf');
    expect(acceptedFiles(['image/jpeg', 'image/png'])).toBe('image/jpeg,.jpg,.jpeg,image/png,.png');
  });
});
