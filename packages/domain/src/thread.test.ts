import { describe, expect, it } from 'vitest';
import { documentTypesSince, missingRequestedDocuments, requestedDocumentField } from './thread';

describe('missingRequestedDocuments', () => {
  it('names each type asked for that the reply does not attach, in the order asked', () => {
    expect(
      missingRequestedDocuments(
        ['transcript_of_records', 'diploma', 'translation'],
        ['diploma', 'additional'],
      ),
    ).toEqual(['transcript_of_records', 'translation']);
    expect(requestedDocumentField('translation')).toBe('requested_documents.translation');
  });

  it('has nothing missing when every type asked for is attached, or none was asked for', () => {
    expect(missingRequestedDocuments(['diploma'], ['diploma', 'diploma'])).toEqual([]);
    expect(missingRequestedDocuments([], [])).toEqual([]);
  });
});

describe('documentTypesSince', () => {
  it('counts the documents uploaded or replaced since the question, not those the request held before', () => {
    const askedAt = '2025-03-03T09:00:00.000Z';
    expect(
      documentTypesSince(
        [
          { type: 'transcript_of_records', created_at: '2025-03-01T10:00:00.000Z' },
          { type: 'diploma', created_at: '2025-03-03T09:00:00.000Z' },
          { type: 'translation', created_at: '2025-03-04T08:00:00.000Z' },
        ],
        askedAt,
      ),
    ).toEqual(['diploma', 'translation']);
  });
});
