import { describe, expect, it } from 'vitest';
import {
  areDocumentsEditable,
  isArchived,
  isIssuing,
  PRACTICE_STATUSES,
  runningDeadlineOf,
  STATUS_LABELS,
  statusLabel,
} from './statuses';
import { TRANSITIONS, type Transition } from './transitions';

describe('statusLabel', () => {
  it('shows the spec §4 label of each status', () => {
    expect(statusLabel('draft')).toBe('draft');
    expect(statusLabel('ready_for_issue')).toBe('in evaluation');
    expect(statusLabel('pending_student_reply')).toBe('cimea request');
    expect(statusLabel('appeal_pending_student_reply')).toBe('cimea request');
    expect(statusLabel('appeal_reviewed')).toBe('appeal in evaluation');
    expect(statusLabel('amend_issued')).toBe('amend_issued');
  });

  it('uses every label and only known labels', () => {
    const used = new Set(PRACTICE_STATUSES.map(statusLabel));
    expect([...used].sort()).toEqual([...STATUS_LABELS].sort());
  });
});

describe('archive and editable statuses', () => {
  it('archives closed, published and finally decided appeals only', () => {
    expect(PRACTICE_STATUSES.filter(isArchived)).toEqual([
      'closed',
      'published',
      'appeal_rejected',
      'appeal_issued',
      'amend_issued',
      'appeal_refused',
    ]);
  });

  it('lets documents change only in a draft or while the applicant is asked to reply', () => {
    expect(PRACTICE_STATUSES.filter(areDocumentsEditable)).toEqual([
      'draft',
      'pending_student_reply',
      'appeal_pending_student_reply',
    ]);
  });

  it('names as issuing exactly the statuses a statement is published from', () => {
    const publishedFrom = new Set(
      (TRANSITIONS as readonly Transition[])
        .filter((move) => move.via === 'publication')
        .flatMap((move) => [...move.from]),
    );
    expect(PRACTICE_STATUSES.filter(isIssuing)).toEqual(
      PRACTICE_STATUSES.filter((s) => publishedFrom.has(s)),
    );
    expect(PRACTICE_STATUSES.filter(isIssuing)).toEqual(['ready_for_issue', 'appeal_reviewed']);
  });
});

describe('runningDeadlineOf', () => {
  it('counts down to the evaluation, then to an open appeal or amendment, and to nothing once finished', () => {
    expect(runningDeadlineOf('draft')).toBeNull();
    expect(runningDeadlineOf('in_evaluation')).toBe('evaluation');
    expect(runningDeadlineOf('pending_student_reply')).toBe('evaluation');
    expect(runningDeadlineOf('published')).toBeNull();
    expect(runningDeadlineOf('closed')).toBeNull();
    expect(runningDeadlineOf('appeal_requested')).toBe('appeal');
    expect(runningDeadlineOf('appeal_pending_student_reply')).toBe('appeal');
    expect(runningDeadlineOf('amend_issued')).toBeNull();
    expect(runningDeadlineOf('appeal_refused')).toBeNull();
  });
});
