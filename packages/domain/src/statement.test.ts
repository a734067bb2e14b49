import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';
import {
  CERTIFICATE_FIELDS,
  CERTIFICATE_SECTIONS,
  maskName,
  mayHaveStatement,
  VERIFY_MESSAGES,
  VERIFY_REASONS,
  VERIFY_RESULT_OF,
} from './statement';
import { VERIFY_REASONS_EN } from './statement-texts-en';
import { VERIFY_REASONS_IT } from './statement-texts-it';

describe('maskName', () => {
  it('keeps the first letter of each name and hides the rest', () => {
    expect(maskName('Maria Rossi')).toBe('M**** R****');
    expect(maskName('  Zoë   de  Lucía ')).toBe('Z*** d*** L****');
  });

  it('never shows how long a short name is', () => {
    expect(maskName('Al Bo')).toBe('A*** B***');
  });
});

describe('verification reasons', () => {
  it('calls only the original valid', () => {
    expect(VERIFY_REASONS.filter((reason) => VERIFY_RESULT_OF[reason] === 'valid')).toEqual(['original']);
  });

  it('words every reason in every language', () => {
    for (const locale of LOCALES)
      for (const reason of VERIFY_REASONS) expect(VERIFY_MESSAGES[locale][reason]).toMatch(/\S/);
  });

  it('gives the API one sentence with the verdict first, where the page shows the verdict above the reason', () => {
    expect(VERIFY_REASONS_EN.revoked).toBe('This statement has been revoked.');
    expect(VERIFY_MESSAGES['en-US'].revoked).toBe('NOT valid: this statement has been revoked.');
    expect(VERIFY_MESSAGES['en-US'].original).toMatch(/^Valid: this file is the original statement/);
    expect(VERIFY_MESSAGES['it-IT'].revoked).toBe('NON valido: questo attestato è stato revocato.');
    expect(VERIFY_MESSAGES['it-IT'].original).toMatch(/^Valido: questo file è l’attestato originale/);
    for (const reason of VERIFY_REASONS) {
      const verdict = {
        valid: 'Valid: ',
        not_published: '',
        not_valid: 'NOT valid: ',
        unknown: 'NOT valid: ',
      };
      expect(VERIFY_MESSAGES['en-US'][reason].startsWith(verdict[VERIFY_RESULT_OF[reason]])).toBe(true);
    }
    // Not yet published is no verdict: its words stand alone.
    expect(VERIFY_MESSAGES['it-IT'].not_yet_published).toBe(VERIFY_REASONS_IT.not_yet_published);
  });
});

describe('mayHaveStatement', () => {
  it('holds from ready for issue on, never before', () => {
    expect(mayHaveStatement('ready_for_issue')).toBe(true);
    expect(mayHaveStatement('published')).toBe(true);
    expect(mayHaveStatement('amend_issued')).toBe(true);
    expect(mayHaveStatement('appeal_requested')).toBe(true);
    expect(mayHaveStatement('reviewed')).toBe(false);
    expect(mayHaveStatement('closed')).toBe(false);
  });
});

describe("the statement's sections", () => {
  it('print every field of the certificate once, and the transaction hash', () => {
    const printed = CERTIFICATE_SECTIONS.flatMap((section) => section.fields);
    expect(new Set(printed).size).toBe(printed.length);
    expect([...printed].sort()).toEqual([...CERTIFICATE_FIELDS, 'transaction_hash'].sort());
  });
});
