import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';
import { STATUS_LABEL_NAMES, STATUS_NAMES, transitionWords } from './transition-texts';

describe('transitionWords', () => {
  it('names a refused move and its status as the staff pages do, in each language', () => {
    expect(transitionWords({ action: 'publish', status: 'unassigned' }, 'en-US')).toEqual({
      action: 'Publish',
      status: 'Unassigned',
    });
    expect(transitionWords({ action: 'publish', status: 'unassigned' }, 'it-IT')).toEqual({
      action: 'Pubblica',
      status: 'Non assegnata',
    });
  });

  it('names a staff change, and the status by the spec’s label an applicant reads when given one', () => {
    expect(transitionWords({ action: 'open_to_delivery', status: 'in_review' }, 'it-IT')).toEqual({
      action: 'Apri alla restituzione',
      status: 'In revisione',
    });
    expect(transitionWords({ action: 'reply', status_label: 'cimea request' }, 'en-US')).toEqual({
      action: 'Reply',
      status: 'request for information',
    });
    expect(transitionWords({ action: 'request_appeal', status_label: 'appeal_refused' }, 'it-IT')).toEqual({
      action: 'Richiedi un ricorso',
      status: 'ricorso respinto',
    });
  });

  it('names an amendment’s status by the amendment’s words, for staff and for its applicant', () => {
    expect(transitionWords({ action: 'issue_appeal', status: 'amendment_reviewed' }, 'en-US')).toEqual({
      action: 'Issue the appeal statement',
      status: 'Amendment reviewed',
    });
    expect(transitionWords({ action: 'issue_appeal', status: 'amendment_reviewed' }, 'it-IT')).toEqual({
      action: 'Rilascia l’attestato del ricorso',
      status: 'Rettifica revisionata',
    });
    expect(transitionWords({ action: 'reply', status_label: 'amendment_refused' }, 'en-US')).toEqual({
      action: 'Reply',
      status: 'amendment refused',
    });
  });

  it('leaves other parameters, and values that are not codes of ours, as they are', () => {
    expect(transitionWords({ action: 'toString', status: 'constructor', day: 3 }, 'en-US')).toEqual({
      action: 'toString',
      status: 'constructor',
      day: 3,
    });
  });

  it('gives an appeal’s outcome the same words on the staff pages and the applicant’s, in each language', () => {
    for (const locale of LOCALES)
      for (const outcome of ['appeal_rejected', 'appeal_issued', 'amend_issued', 'appeal_refused'] as const)
        expect(STATUS_NAMES[locale][outcome].toLowerCase()).toBe(STATUS_LABEL_NAMES[locale][outcome]);
  });
});
