import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale, i18n } from '@/shared/i18n';
import { documentLabel } from './documentLabel';

afterEach(async () => {
  await changeLocale('en-US');
});

describe('documentLabel', () => {
  it('names a document by its type, and an additional one by the name its applicant gave it', async () => {
    await changeLocale('en-US');
    const t = i18n.getFixedT('en-US');
    expect(documentLabel({ type: 'diploma_supplement', additional_type: null }, t)).toBe(
      'Diploma supplement',
    );
    expect(documentLabel({ type: 'additional', additional_type: 'Internship letter' }, t)).toBe(
      'Internship letter (additional document)',
    );
    expect(documentLabel({ type: 'additional', additional_type: null }, t)).toBe('Additional document');
    // An audit entry of a type this build no longer knows is shown as it was recorded.
    expect(documentLabel({ type: 'old_type' }, t)).toBe('old_type');
  });

  it('speaks Italian on an Italian page', async () => {
    await changeLocale('it-IT');
    const t = i18n.getFixedT('it-IT');
    expect(documentLabel({ type: 'additional', additional_type: 'Lettera di tirocinio' }, t)).toBe(
      'Lettera di tirocinio (documento aggiuntivo)',
    );
    expect(documentLabel({ type: 'translation' }, t)).toBe('Traduzione');
  });
});
