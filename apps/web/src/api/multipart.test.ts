import { describe, expect, it } from 'vitest';
import { toFormData } from './multipart';

const entries = (form: FormData) =>
  [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : 'FILE']);

describe('multipart encoding (spec §7)', () => {
  it('sends arrays as name[i]', () => {
    const form = toFormData({ practice_ids: [4, 9] });
    expect(entries(form)).toEqual([
      ['practice_ids[0]', '4'],
      ['practice_ids[1]', '9'],
    ]);
  });

  it('sends objects as name[key]', () => {
    const form = toFormData({ shipping: { name: 'Ada', city: 'Roma' } });
    expect(entries(form)).toEqual([
      ['shipping[name]', 'Ada'],
      ['shipping[city]', 'Roma'],
    ]);
  });

  it('nests arrays and objects at any depth', () => {
    const form = toFormData({ documents: [{ type: 'diploma', pages: [1, 2] }] });
    expect(entries(form)).toEqual([
      ['documents[0][type]', 'diploma'],
      ['documents[0][pages][0]', '1'],
      ['documents[0][pages][1]', '2'],
    ]);
  });

  it('keeps files as files, with their names', () => {
    const diploma = new File(['scan'], 'diploma.pdf', { type: 'application/pdf' });
    const form = toFormData({ files: [diploma], cover: diploma });
    const first = form.get('files[0]');
    expect(first).toBeInstanceOf(File);
    expect((first as File).name).toBe('diploma.pdf');
    expect(form.get('cover')).toBeInstanceOf(File);
  });

  it('writes scalars as text, dates as ISO, null as empty and leaves undefined out', () => {
    const form = toFormData({
      urgent: true,
      credits: 180,
      issued_at: new Date(Date.UTC(2024, 5, 30)),
      note: null,
      skipped: undefined,
    });
    expect(entries(form)).toEqual([
      ['urgent', 'true'],
      ['credits', '180'],
      ['issued_at', '2024-06-30T00:00:00.000Z'],
      ['note', ''],
    ]);
  });
});
