import { describe, expect, it } from 'vitest';
import { missingRequestedDocuments, requestedDocumentField } from './thread';

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
