import { describe, expect, it } from 'vitest';
import {
  appealDeadline,
  canRequestAppeal,
  createAppealSchema,
  isAppealOpen,
  isAddedSincePublication,
  isAppealWindowOpen,
  isDocumentChangeable,
  isDocumentDeletable,
  isStatementEvidence,
} from './appeal';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;
const after = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms);

describe('the appeal window (published_at + 7 days, to the second, Europe/Rome)', () => {
  it('is open 6 days 23 hours after a winter release and at the last second, closed 1 s after 7 days', () => {
    const published = '2025-01-10T09:15:30.000Z'; // 10:15:30 in Rome
    expect(appealDeadline(published).toISOString()).toBe('2025-01-17T09:15:30.000Z');
    expect(isAppealWindowOpen(published, after(published, 6 * DAY + 23 * HOUR))).toBe(true);
    expect(isAppealWindowOpen(published, after(published, 7 * DAY))).toBe(true);
    expect(isAppealWindowOpen(published, after(published, 7 * DAY + SECOND))).toBe(false);
  });

  it('ends at the same time of day on Rome’s clock across the spring change (a week of 6 d 23 h)', () => {
    const published = '2025-03-27T09:00:00.000Z'; // 10:00 CET; clocks go forward on 30 March
    const deadline = appealDeadline(published);
    expect(deadline.toISOString()).toBe('2025-04-03T08:00:00.000Z'); // 10:00 CEST
    expect(isAppealWindowOpen(published, after(published, 6 * DAY + 23 * HOUR))).toBe(true);
    expect(isAppealWindowOpen(published, after(published, 6 * DAY + 23 * HOUR + SECOND))).toBe(false);
    expect(isAppealWindowOpen(published, after(published, 7 * DAY + SECOND))).toBe(false);
  });

  it('never lasts more than 7 × 24 h: across the autumn change 7 d 1 s is refused too', () => {
    const published = '2025-10-23T08:00:00.000Z'; // 10:00 CEST; clocks go back on 26 October
    const deadline = appealDeadline(published);
    expect(deadline.toISOString()).toBe('2025-10-30T08:00:00.000Z'); // 09:00 CET, 168 h later
    expect(isAppealWindowOpen(published, after(published, 6 * DAY + 23 * HOUR))).toBe(true);
    expect(isAppealWindowOpen(published, after(published, 7 * DAY))).toBe(true);
    expect(isAppealWindowOpen(published, after(published, 7 * DAY + SECOND))).toBe(false);
    expect(isAppealWindowOpen(published, after(published, 7 * DAY + HOUR))).toBe(false);
  });

  it('ends 7 × 24 h after a release in the hour the autumn change repeats', () => {
    const published = '2025-10-26T00:30:00.000Z'; // 02:30 CEST, the first of the two 02:30s
    expect(appealDeadline(published).toISOString()).toBe('2025-11-02T00:30:00.000Z');
    expect(isAppealWindowOpen(published, after(published, 7 * DAY + SECOND))).toBe(false);
  });

  it('crosses a month and a year end on the calendar of Rome', () => {
    expect(appealDeadline('2025-12-28T22:30:00.000Z').toISOString()).toBe('2026-01-04T22:30:00.000Z');
  });

  it('keeps fractions of a second of the release', () => {
    const published = '2025-06-01T10:00:00.250Z';
    expect(isAppealWindowOpen(published, new Date('2025-06-08T10:00:00.250Z'))).toBe(true);
    expect(isAppealWindowOpen(published, new Date('2025-06-08T10:00:00.251Z'))).toBe(false);
  });

  it('is closed for a request never published', () => {
    expect(isAppealWindowOpen(null, new Date())).toBe(false);
  });
});

describe('who may appeal', () => {
  const now = new Date('2025-05-05T12:00:00Z');
  const published = {
    status: 'published',
    published_at: '2025-05-01T12:00:00Z',
    statement_withdrawn_at: null,
  } as const;
  it('only a published request within the window', () => {
    expect(canRequestAppeal(published, now)).toBe(true);
    expect(canRequestAppeal({ ...published, published_at: '2025-04-20T12:00:00Z' }, now)).toBe(false);
    expect(canRequestAppeal({ ...published, status: 'appeal_requested' }, now)).toBe(false);
  });

  it('not once the statement is withdrawn, even within the window', () => {
    expect(canRequestAppeal({ ...published, statement_withdrawn_at: '2025-05-02T09:00:00Z' }, now)).toBe(
      false,
    );
  });

  it('counts undecided appeals as open', () => {
    expect(isAppealOpen('appeal_pending_student_reply')).toBe(true);
    expect(isAppealOpen('appeal_issued')).toBe(false);
    expect(isAppealOpen('published')).toBe(false);
  });

  it('asks for a type and a motivation', () => {
    const result = createAppealSchema.safeParse({ type: 'revision', motivation: '  ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['motivation', 'type']);
    expect(createAppealSchema.parse({ type: 'amendment', motivation: 'Wrong name' }).document_ids).toEqual(
      [],
    );
  });
});

describe('the statement’s evidence (decision 026)', () => {
  const now = new Date('2025-05-05T12:00:00Z');
  const facts = {
    status: 'published',
    published_at: '2025-05-01T12:00:00.000Z',
    statement_withdrawn_at: null,
  } as const;
  const evaluated = '2025-04-20T09:00:00.000Z';
  const added = '2025-05-02T09:00:00.000Z';

  it('is every document filed before the release, from publication on, the appeal included', () => {
    for (const status of [
      'published',
      'appeal_requested',
      'appeal_pending_student_reply',
      'amend_issued',
    ] as const) {
      expect(isStatementEvidence({ ...facts, status }, evaluated)).toBe(true);
      expect(isStatementEvidence({ ...facts, status }, facts.published_at)).toBe(true);
      expect(isStatementEvidence({ ...facts, status }, added)).toBe(false);
    }
    expect(isStatementEvidence({ status: 'pending_student_reply', published_at: null }, evaluated)).toBe(
      false,
    );
    expect(isStatementEvidence({ status: 'draft' }, evaluated)).toBe(false);
  });

  it('may not be replaced or deleted in the window nor when an appeal asks the applicant; documents added since may', () => {
    expect(isDocumentChangeable(facts, evaluated, now)).toBe(false);
    expect(isDocumentChangeable(facts, added, now)).toBe(true);
    const asked = { ...facts, status: 'appeal_pending_student_reply' } as const;
    expect(isDocumentChangeable(asked, evaluated, now)).toBe(false);
    expect(isDocumentChangeable(asked, added, now)).toBe(true);
    // An appeal that does not wait for the applicant takes no change at all.
    expect(isDocumentChangeable({ ...facts, status: 'appeal_in_evaluation' }, added, now)).toBe(false);
    // Before publication the status alone decides.
    const pending = {
      status: 'pending_student_reply',
      published_at: null,
      statement_withdrawn_at: null,
    } as const;
    expect(isDocumentChangeable(pending, evaluated, now)).toBe(true);
  });

  it('may be deleted once added since the release, in the window and after it with no appeal asked for (decision 026, amended)', () => {
    const afterWindow = new Date('2025-05-20T12:00:00Z');
    expect(isDocumentDeletable(facts, added, now)).toBe(true);
    expect(isDocumentDeletable(facts, added, afterWindow)).toBe(true);
    expect(isDocumentDeletable(facts, evaluated, afterWindow)).toBe(false);
    // The same answer without the clock, as the web asks it.
    expect(isAddedSincePublication(facts, added)).toBe(true);
    expect(isAddedSincePublication(facts, evaluated)).toBe(false);
    expect(isAddedSincePublication({ status: 'published' }, added)).toBe(false);
    // An appeal asked for holds its documents to its own rule (`isDocumentChangeable`).
    const appealed = { ...facts, status: 'appeal_in_evaluation' } as const;
    expect(isAddedSincePublication(appealed, added)).toBe(false);
    expect(isDocumentDeletable(appealed, added, afterWindow)).toBe(false);
  });
});
