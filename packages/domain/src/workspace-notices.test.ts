import { describe, expect, it } from 'vitest';
import { appealNoticeOf, assignedNotice, WORKSPACE_NOTICE_KEYS } from './workspace-notice-keys';
import { ACTION_NAMES_IT } from './transition-texts-it';
import { EVALUATION_OFFICE, WORKSPACE_NOTICES } from './workspace-notices';

describe('workspace notices', () => {
  it('words every success message in both languages, with the spec §4 words in English', () => {
    for (const locale of ['en-US', 'it-IT'] as const) {
      expect(Object.keys(WORKSPACE_NOTICES[locale]).sort()).toEqual([...WORKSPACE_NOTICE_KEYS].sort());
      expect(EVALUATION_OFFICE[locale]).not.toBe('');
    }
    expect(WORKSPACE_NOTICES['en-US'].practicesAssigned).toBe('Requests assigned');
    expect(WORKSPACE_NOTICES['en-US'].fileCheckConcluded).toBe('File check concluded');
    expect(WORKSPACE_NOTICES['en-US'].reviewConcluded).toBe('Review concluded');
  });

  it('says "requests" as every screen does, and asks the applicant in Italian (first-staff walk)', () => {
    expect(WORKSPACE_NOTICES['it-IT'].practicesAssigned).toBe('Richieste assegnate');
    // One request assigned is said in the singular (staff walk): "Requests assigned" read wrong.
    expect(assignedNotice(1)).toBe('practiceAssigned');
    expect(assignedNotice(2)).toBe('practicesAssigned');
    expect(WORKSPACE_NOTICES['en-US'].practiceAssigned).toBe('Request assigned');
    expect(WORKSPACE_NOTICES['it-IT'].practiceAssigned).toBe('Richiesta assegnata');
    // No toast names the internal "practice" ("pratica"): starting an evaluation said "Practice updated".
    for (const locale of ['en-US', 'it-IT'] as const) {
      for (const message of Object.values(WORKSPACE_NOTICES[locale]))
        expect(message).not.toMatch(/practice|pratica/i);
    }
    expect(WORKSPACE_NOTICES['en-US'].practiceUpdated).toBe('Request updated');
    expect(WORKSPACE_NOTICES['it-IT'].practiceUpdated).toBe('Richiesta aggiornata');
    expect(WORKSPACE_NOTICES['en-US'].practicePublished).toBe('Request published');
    expect(WORKSPACE_NOTICES['it-IT'].practicePublished).toBe('Richiesta pubblicata');
    // The move that asks and waits for the answer, not a message that changes nothing.
    expect(ACTION_NAMES_IT.ask_applicant).toBe('Chiedi al richiedente');
  });

  it("names an amendment's creation, confirmation, refusal and rejection for an amendment, an appeal's in the spec's words", () => {
    const words = (
      locale: 'en-US' | 'it-IT',
      key: (typeof WORKSPACE_NOTICE_KEYS)[number],
      type: string | null,
    ) => WORKSPACE_NOTICES[locale][appealNoticeOf(key, type)];
    expect(words('en-US', 'appealCreated', 'appeal')).toBe('Appeal created');
    expect(words('en-US', 'appealConfirmed', 'appeal')).toBe('Appeal confirmed');
    expect(words('en-US', 'appealCreated', 'amendment')).toBe('Amendment created');
    expect(words('en-US', 'appealConfirmed', 'amendment')).toBe('Amendment confirmed');
    expect(words('it-IT', 'appealCreated', 'amendment')).toBe('Rettifica creata');
    expect(words('it-IT', 'appealConfirmed', 'amendment')).toBe('Rettifica confermata');
    expect(words('it-IT', 'appealConfirmed', 'appeal')).toBe('Ricorso confermato');
    // Refused or rejected, an amendment is still called one (it-IT "Rettifica respinta / rigettata").
    expect(words('en-US', 'appealRefused', 'amendment')).toBe('Amendment refused');
    expect(words('en-US', 'appealRejected', 'amendment')).toBe('Amendment rejected');
    expect(words('it-IT', 'appealRefused', 'amendment')).toBe('Rettifica respinta');
    expect(words('it-IT', 'appealRejected', 'amendment')).toBe('Rettifica rigettata');
    expect(words('en-US', 'appealRefused', 'appeal')).toBe('Appeal refused');
    expect(words('en-US', 'appealRejected', 'appeal')).toBe('Appeal rejected');
    expect(words('it-IT', 'appealRefused', 'appeal')).toBe('Ricorso respinto');
    expect(words('it-IT', 'appealRejected', 'appeal')).toBe('Ricorso rigettato');
    // Any other move's message, and a request with no appeal, as they are.
    expect(appealNoticeOf('practiceUpdated', 'amendment')).toBe('practiceUpdated');
    expect(appealNoticeOf('messageSent', null)).toBe('messageSent');
  });
});
