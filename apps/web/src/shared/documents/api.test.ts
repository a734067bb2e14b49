import { describe, expect, it } from 'vitest';
import { uploadIdOf } from './api';

describe('uploadIdOf (decision 101)', () => {
  const file = new File(['%PDF-1.7'], 'diploma.pdf', { type: 'application/pdf' });

  it('gives the same file sent again for the same document the same id', () => {
    const fields = { type: 'diploma', practice_id: 12 } as const;
    const id = uploadIdOf(file, fields);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(uploadIdOf(file, { ...fields })).toBe(id);
  });

  it('gives another document, another request or another file an id of its own', () => {
    const id = uploadIdOf(file, { type: 'diploma', practice_id: 12 });
    expect(uploadIdOf(file, { type: 'transcript_of_records', practice_id: 12 })).not.toBe(id);
    expect(uploadIdOf(file, { type: 'diploma', practice_id: 13 })).not.toBe(id);
    const other = new File(['%PDF-1.7'], 'diploma.pdf', { type: 'application/pdf' });
    expect(uploadIdOf(other, { type: 'diploma', practice_id: 12 })).not.toBe(id);
  });
});
