import { describe, expect, it } from 'vitest';
import { abilitiesFor } from './abilities';
import {
  assignmentMoveOf,
  canChange,
  isChangeOffered,
  isGranted,
  isRefundAfterClosing,
  REASSIGNABLE_STATUSES,
} from './staff-changes';
import { findTransition } from './transitions';

const staff = (role: 'evaluator' | 'reviewer' | 'secretary' | 'admin', extra = {}) => ({
  actor: 'staff' as const,
  abilities: abilitiesFor(role),
  isAdmin: role === 'admin',
  ...extra,
});

describe('staff changes', () => {
  it('offers each delivery change once: opening until opened, delivered once paid and until delivered', () => {
    const secretary = staff('secretary');
    const closed = {
      status: 'closed' as const,
      delivery_opened_at: null,
      delivery_paid_at: null,
      delivered_at: null,
    };
    expect(isChangeOffered('open_to_delivery', closed, secretary)).toBe(true);
    const opened = { ...closed, delivery_opened_at: '2026-03-10T09:00:00Z' };
    expect(isChangeOffered('open_to_delivery', opened, secretary)).toBe(false);
    expect(isChangeOffered('set_delivered', opened, secretary)).toBe(false);
    const paid = { ...opened, delivery_paid_at: '2026-03-11T09:00:00Z' };
    expect(isChangeOffered('set_delivered', paid, secretary)).toBe(
      canChange('set_delivered', 'closed', secretary),
    );
    expect(
      isChangeOffered('set_delivered', { ...paid, delivered_at: '2026-03-12T09:00:00Z' }, secretary),
    ).toBe(false);
    // Other changes are `canChange` alone.
    expect(isChangeOffered('note', closed, secretary)).toBe(canChange('note', 'closed', secretary));
  });

  it('lets only the assignee (or an admin) assess, verify and check the file', () => {
    for (const change of ['assessment', 'verification', 'file_check'] as const) {
      expect(canChange(change, 'in_evaluation', staff('evaluator', { isAssignee: true })), change).toBe(true);
      expect(canChange(change, 'in_evaluation', staff('evaluator')), change).toBe(false);
      expect(canChange(change, 'in_evaluation', staff('secretary')), change).toBe(false);
      expect(canChange(change, 'in_evaluation', staff('admin')), change).toBe(true);
    }
  });

  it('lets the reviewer correct the assessment while reviewing, not before', () => {
    const reviewer = staff('reviewer', { isReviewer: true });
    expect(canChange('assessment', 'in_review', reviewer)).toBe(true);
    expect(canChange('assessment', 'in_evaluation', reviewer)).toBe(false);
    expect(isGranted('assessment', reviewer)).toBe(true);
    expect(isGranted('verification', reviewer)).toBe(false);
  });

  it('takes internal notes from any staff member on a submitted request, never from applicants', () => {
    expect(canChange('note', 'closed', staff('secretary'))).toBe(true);
    expect(canChange('note', 'draft', staff('admin'))).toBe(false);
    expect(isGranted('note', { actor: 'applicant', abilities: abilitiesFor('applicant') })).toBe(false);
  });

  it('lets assigning staff hand over a request being evaluated or reviewed, where the assign move no longer holds', () => {
    for (const status of REASSIGNABLE_STATUSES) {
      expect(findTransition('assign', status), status).toBeUndefined();
      expect(canChange('reassign', status, staff('secretary')), status).toBe(true);
      expect(canChange('reassign', status, staff('admin')), status).toBe(true);
      expect(canChange('reassign', status, staff('evaluator', { isAssignee: true })), status).toBe(false);
      expect(canChange('reassign', status, staff('reviewer', { isReviewer: true })), status).toBe(false);
    }
    for (const status of ['unassigned', 'assigned', 'ready_for_issue', 'published', 'closed'] as const) {
      expect(canChange('reassign', status, staff('secretary')), status).toBe(false);
    }
  });
});

describe('assignmentMoveOf', () => {
  it('assigns a new request, hands over one being worked on, and leaves the others', () => {
    expect(assignmentMoveOf('unassigned')).toBe('assign');
    expect(assignmentMoveOf('assigned')).toBe('assign');
    expect(assignmentMoveOf('in_evaluation')).toBe('reassign');
    expect(assignmentMoveOf('appeal_reviewed')).toBe('reassign');
    expect(assignmentMoveOf('ready_for_issue')).toBeNull();
    expect(assignmentMoveOf('published')).toBeNull();
    expect(assignmentMoveOf('draft')).toBeNull();
  });
});

describe('a refund reached by closing the request first', () => {
  const refunder = {
    actor: 'staff' as const,
    abilities: { 'staff.workspace': true, 'payments.refund': true },
  };
  const facts = {
    isRequestPaymentRefundable: true,
    hasEvaluationStarted: false,
    isShipmentCancellable: false,
  };
  it('is said for an open request paid and not refunded, to whoever may refund, before the evaluation starts', () => {
    expect(isRefundAfterClosing('unassigned', facts, refunder)).toBe(true);
    expect(isRefundAfterClosing('closed', facts, refunder)).toBe(false);
    expect(isRefundAfterClosing('published', facts, refunder)).toBe(false);
    expect(isRefundAfterClosing('unassigned', { ...facts, hasEvaluationStarted: true }, refunder)).toBe(
      false,
    );
    expect(
      isRefundAfterClosing('unassigned', { ...facts, isRequestPaymentRefundable: false }, refunder),
    ).toBe(false);
    expect(
      isRefundAfterClosing('unassigned', facts, { actor: 'staff', abilities: { 'staff.workspace': true } }),
    ).toBe(false);
  });
});
